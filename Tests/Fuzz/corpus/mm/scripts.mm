<map version="1.0.1">
<!-- To view this file, download free mind mapping software FreeMind from https://freemind.sourceforge.io -->
<node ID="ID_1" TEXT="Every script 🌍">
<node ID="ID_2" TEXT="日本語：こんにちは" POSITION="right">
</node>
<node ID="ID_3" TEXT="中文：你好，世界" POSITION="left">
</node>
<node ID="ID_4" TEXT="한국어: 안녕하세요" POSITION="right">
</node>
<node ID="ID_5" TEXT="Русский: привет" POSITION="left">
</node>
<node ID="ID_6" TEXT="Ελληνικά: γεια σου" POSITION="right">
</node>
<node ID="ID_7" TEXT="العربية: مرحبا بالعالم" POSITION="left">
</node>
<node ID="ID_8" TEXT="עברית: שלום עולם" POSITION="right">
</node>
<node ID="ID_9" TEXT="Emoji 😀 🎉 🇯🇵 👩‍👩‍👧" POSITION="left">
</node>
<node ID="ID_10" TEXT="Mixed: Tokyo 東京 and שלום" POSITION="right">
</node>
</node>
</map>
