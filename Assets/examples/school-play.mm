<map version="freeplane 1.12.1">
<node TEXT="School play" ID="ID_1">
<icon BUILTIN="unchecked"/>
<node TEXT="Script" POSITION="right" ID="ID_2">
<icon BUILTIN="unchecked"/>
<node TEXT="Write scene 1" ID="ID_3" TAGS="writing">
<icon BUILTIN="checked"/>
</node>
<node TEXT="Write scene 2" ID="ID_4" TAGS="writing">
<icon BUILTIN="unchecked"/>
<icon BUILTIN="full-1"/>
<hook NAME="plugins/TimeManagementReminder.xml">
<Parameters REMINDUSERAT="1796299200000"/>
</hook>
</node>
<node TEXT="Read-through" ID="ID_5" TAGS="rehearsal">
<icon BUILTIN="unchecked"/>
<hook NAME="plugins/TimeManagementReminder.xml">
<Parameters REMINDUSERAT="1796990400000"/>
</hook>
</node>
</node>
<node TEXT="Stage" POSITION="right" ID="ID_6">
<icon BUILTIN="unchecked"/>
<node TEXT="Paint backdrop" ID="ID_7" TAGS="art&#xa;parents">
<icon BUILTIN="unchecked"/>
<icon BUILTIN="full-2"/>
</node>
<node TEXT="Build props" ID="ID_8" TAGS="art">
<icon BUILTIN="checked"/>
</node>
</node>
<node TEXT="Costumes" POSITION="left" ID="ID_9">
<icon BUILTIN="unchecked"/>
<node TEXT="Measure the cast" ID="ID_10">
<icon BUILTIN="checked"/>
</node>
<node TEXT="Sew capes" ID="ID_11" TAGS="parents">
<icon BUILTIN="unchecked"/>
<icon BUILTIN="full-3"/>
<hook NAME="plugins/TimeManagementReminder.xml">
<Parameters REMINDUSERAT="1797595200000"/>
</hook>
</node>
</node>
<node TEXT="Invitations" POSITION="left" ID="ID_12">
<node TEXT="Posters" ID="ID_13" TAGS="art">
<icon BUILTIN="unchecked"/>
</node>
<node TEXT="Letter home" ID="ID_14" TAGS="parents">
<icon BUILTIN="checked"/>
</node>
</node>
</node>
</map>
