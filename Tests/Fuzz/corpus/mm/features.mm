<?xml version="1.0"?>
<map version="1.0.1">
<node TEXT="root" ID="ID_1" STYLE="bubble"><font SIZE="20" BOLD="true"/>
<node TEXT="&lt;html&gt;&lt;body&gt;&lt;b&gt;rich&lt;/b&gt; text&lt;/body&gt;&lt;/html&gt;" POSITION="left" FOLDED="true" COLOR="#ff0000"><edge COLOR="#00ff00" WIDTH="4"/><node TEXT="child"/></node>
<node TEXT="link" ID="ID_3"><arrowlink DESTINATION="ID_1" ENDARROW="Default"/><richcontent TYPE="NOTE"><html><body><p>a note</p></body></html></richcontent></node>
</node>
</map>
