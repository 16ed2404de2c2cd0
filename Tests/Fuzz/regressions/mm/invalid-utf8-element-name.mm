<map version=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"1.0.1">
<!-- To view this file, download free mind mapping software FreeMind from https://freemind.sourceforge.io -->
<node ID="ID_1" TEXT="京都旅行の計画">
<node ID="ID_2" TEXT="準備" POSITION="right">
<node ID="ID_3" TEXT="新幹線の切符を予約する">
</node>
<node ID="ID_4" TEXT="ホテル 🏨">
</node>
<node ID="ID_5" TEXT="荷物リスト">
</node>
</node>
<node ID="ID_6" TEXT="見どころ" POSITION="left">
<node ID="ID_7" TEXT="清水寺">
</node>
<node ID="ID_8" TEXT="伏見稲荷大社 ⛩️">
<�node>
<node ID="ID_9" TEXT="嵐山の竹林">
</node>
</node>
<node ID="ID_10" TEXT="食べ物" POSITION="right">
<node ID="ID_11" TEXT="抹茶スイーツ 🍵">
</node>
<node ID="ID_12" TEXT="湯豆腐">
</node>
</node>
<node ID="ID_13" TEXT="予算：五万円" POSITION="left">
</node>
</node>
</map>
