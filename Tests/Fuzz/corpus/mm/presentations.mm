<map version="freeplane 1.9.13">
<node TEXT="Talk" ID="ID_1">
<hook NAME="presentations">
    <presentation NAME="Talk">
        <slide NAME="One" showsAncestors="true" showsDescendants="true" showsOnlySpecificNodes="true" changesZoom="true" centersSelectedNode="true" zoom="1.5" placedNodeId="ID_2" placedNodePosition="TOP_LEFT" revealsChildren="true">
            <SlideCondition><node_contains_condition VALUE="plan" ITEM="filter_node"/></SlideCondition>
            <NodesOnSlide><NodeOnSlide nodeId="ID_2"/><NodeOnSlide nodeId="ID_X"/></NodesOnSlide>
            <FoldedNodes><NodeOnSlide nodeId="ID_3"/></FoldedNodes>
        </slide>
        <slide NAME="Two"><FoldedNodes/></slide>
    </presentation>
</hook>
<node TEXT="Plan" POSITION="right" ID="ID_2"><node TEXT="Step" ID="ID_3"><node TEXT="Detail" ID="ID_4"/></node></node>
</node>
</map>
