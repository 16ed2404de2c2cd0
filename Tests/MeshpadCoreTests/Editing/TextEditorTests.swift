import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct TextEditorTests {
    @Test func backspaceRemovesWhatTheEyeSeesAsOneCharacter() {
        // e + combining acute, a family emoji joined with ZWJs, a flag, a Hangul syllable made of jamo.
        var editor = TextEditor(text: "cafe\u{301}👩‍👩‍👧🇯🇵\u{1100}\u{1161}\u{11A8}")
        #expect(editor.caret == 7)
        editor.deleteBackward()
        #expect(editor.text == "cafe\u{301}👩‍👩‍👧🇯🇵")
        editor.deleteBackward()
        #expect(editor.text == "cafe\u{301}👩‍👩‍👧")
        editor.deleteBackward()
        #expect(editor.text == "cafe\u{301}")
        editor.deleteBackward()
        #expect(editor.text == "caf")
    }

    @Test func theCaretNeverLandsInsideACluster() {
        var editor = TextEditor(text: "a👨‍💻é漢")
        editor.move(.start)
        var offsets: [Int] = [editor.caret]
        for _ in 0..<6 {
            editor.move(.right)
            offsets.append(editor.caret)
        }
        #expect(offsets == [0, 1, 2, 3, 4, 4, 4])
        editor.move(.left)
        editor.insert("|")
        #expect(editor.text == "a👨‍💻é|漢")
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var editor = TextEditor(text: "resume")
        editor.insert("\u{301}")
        #expect(editor.text == "resume\u{301}")
        #expect(editor.text.count == 6 && editor.caret == 6, "one cluster: the caret stays after it")
        editor.insert("s")
        #expect(editor.text == "resume\u{301}s")
        editor.move(.left)
        editor.move(.left)
        #expect(editor.caret == 5, "one step back over é")
    }

    @Test func cjkTextEditsByCharacter() {
        var editor = TextEditor(text: "東京都")
        editor.move(.left)
        editor.deleteBackward()
        #expect(editor.text == "東都")
        editor.insert("京")
        editor.move(.wordLeft)
        #expect(editor.caret == 0, "a run of ideographs is one word")
        editor.move(.wordRight, extending: true)
        #expect(editor.selectedText == "東京都")
    }

    @Test func wordMotionSkipsSeparatorsThenAWord() {
        var editor = TextEditor(text: "one, two  three")
        editor.move(.start)
        editor.move(.wordRight)
        #expect(editor.caret == 3)
        editor.move(.wordRight)
        #expect(editor.caret == 8)
        editor.move(.end)
        editor.move(.wordLeft)
        #expect(editor.caret == 10)
        editor.deleteBackward(word: true)
        #expect(editor.text == "one, three")
    }

    @Test func shiftSelectionTypingOverItAndLeftCollapses() {
        var editor = TextEditor(text: "hello world")
        editor.move(.wordLeft, extending: true)
        #expect(editor.selectedText == "world")
        editor.insert("there")
        #expect(editor.text == "hello there")
        editor.move(.lineStart, extending: true)
        editor.move(.left)
        #expect(editor.caret == 0 && !editor.hasSelection)
    }

    @Test func homeEndUpAndDownWorkOnLines() {
        var editor = TextEditor(text: "first\nsecond line\nx")
        editor.move(.up)
        #expect(editor.caret == 7, "from the end of 'x' (column 1) to column 1 of the line above")
        editor.move(.lineEnd)
        #expect(editor.caret == 17)
        editor.move(.up)
        #expect(editor.caret == 5, "column 11 is past the end of 'first'")
        editor.move(.lineStart)
        #expect(editor.caret == 0)
        editor.move(.down)
        #expect(editor.caret == 6)
    }

    @Test func pastedControlCharactersAndTabsAreCleaned() {
        var editor = TextEditor(text: "")
        editor.insert("a\tb\u{7}c\r\nd\u{0}")
        #expect(editor.text == "a bc\nd")
    }

    @Test func aCompositionReplacesTheSelectionAndShowsAtTheCaret() {
        var editor = TextEditor(text: "I like tea")
        editor.move(.wordLeft, extending: true)
        editor.setComposition("ちゃ", cursor: 1)
        #expect(editor.text == "I like ")
        #expect(editor.displayText == "I like ちゃ")
        #expect(editor.displayCaret == 8)
        editor.setComposition("", cursor: 0)
        editor.insert("茶")
        #expect(editor.text == "I like 茶")
    }

    @Test func undoInsideTheEditorStepsBackByRunsOfTyping() {
        var editor = TextEditor(text: "")
        for character in "hello world" { editor.insert(String(character)) }
        editor.deleteBackward()
        #expect(editor.text == "hello worl")
        editor.undo()
        #expect(editor.text == "hello world")
        editor.undo()
        #expect(editor.text == "hello ")
        editor.undo()
        #expect(editor.text == "hello")
        editor.redo()
        #expect(editor.text == "hello ")
    }
}

@Suite struct TextEditLayoutTests {
    let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())

    @Test func theCaretSitsAfterTheCharactersBeforeIt() {
        var editor = TextEditor(text: "abcd")
        var layout = TextEditLayout(editor: editor, sizing: sizing)
        // One centred line 32 wide: it starts at -16, each character 8 further.
        #expect(abs(layout.caret.center.x - 16) < 1e-9)
        editor.move(.left)
        editor.move(.left)
        layout = TextEditLayout(editor: editor, sizing: sizing)
        #expect(abs(layout.caret.center.x - 0) < 1e-9)
        #expect(layout.offset(at: Vec2(-9, 0)) == 1)
        #expect(layout.offset(at: Vec2(100, 0)) == 4)
    }

    @Test func aWrappedLineHangsItsSpaceAndTheCaretMovesToTheNextLine() {
        // 260 map units wrap at 32 characters of 8.
        let words = String(repeating: "word ", count: 10)
        var editor = TextEditor(text: words + "end")
        let layout = TextEditLayout(editor: editor, sizing: sizing)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].text == "word word word word word word")
        #expect(layout.lines[1].start == 30)
        editor.place(caretAt: 30)
        let atWrap = TextEditLayout(editor: editor, sizing: sizing)
        #expect(atWrap.caret.center.y > 0, "after the hanging space: the start of the second line")
        #expect(abs(atWrap.caret.center.x - atWrap.lines[1].origin.x) < 1e-9)
        #expect(layout.size.y > TextEditLayout(editor: TextEditor(text: "word"), sizing: sizing).size.y, "the node grows")
    }

    @Test func aSelectionAcrossLinesIsOneRectangleALine() {
        var editor = TextEditor(text: "one\ntwo\nthree")
        editor.selectAll()
        let layout = TextEditLayout(editor: editor, sizing: sizing)
        #expect(layout.selection.count == 3)
        #expect(layout.selection.map(\.minY) == layout.selection.map(\.minY).sorted())
    }

    @Test func theCompositionIsUnderlinedAndTheNodeSizedForIt() {
        var editor = TextEditor(text: "ab")
        editor.setComposition("xyz", cursor: 3)
        let layout = TextEditLayout(editor: editor, sizing: sizing)
        #expect(layout.underline.count == 1)
        #expect(abs((layout.underline.first?.width ?? 0) - 24) < 1e-9)
        #expect(layout.lines.first?.text == "abxyz")
        #expect(abs(layout.caret.center.x - 20) < 1e-9)
    }

    @Test func anEmptyNodeStillHasACaretInItsMiddle() {
        let layout = TextEditLayout(editor: TextEditor(text: ""), sizing: sizing)
        #expect(abs(layout.caret.center.x) < 1 && abs(layout.caret.center.y) < 1e-9)
        #expect(layout.size == sizing.shapeSize(forText: .zero))
    }

    @Test func breakingKeepsEveryCharacterOnExactlyOneLine() {
        let texts = ["a  b   c", "  leading", "trailing   ", String(repeating: "x", count: 80), "tab\tand\nnew\n\nlines", "é漢👩‍👩‍👧 mixed"]
        for text in texts {
            let lines = LineBreaker(maxWidth: 100).brokenLines(of: text, measuredBy: FixedAdvanceMeasurer())
            var covered = ""
            for (i, line) in lines.enumerated() {
                covered += text[line.range]
                if i < lines.count - 1, text[line.range.upperBound...].first == "\n" { covered += "\n" }
                #expect(line.width <= 100 || text[line.visible].count == 1, "'\(text)' line \(i) overflows")
            }
            #expect(covered == text)
        }
    }
}

@Suite struct OutlineTextTests {
    @Test func encodingAndParsingRoundTrip() {
        var document = Document(rootText: "plan")
        let a = document.addChild(of: document.rootID, text: "two\nlines", at: .zero) ?? document.rootID
        document.addChild(of: a, text: "deep", at: .zero)
        document.addChild(of: document.rootID, text: "b", at: .zero)
        let text = OutlineText.encode([document.rootID], in: document)
        #expect(text == "plan\n\ttwo lines\n\t\tdeep\n\tb")
        #expect(OutlineText.parse(text) == [.init(text: "plan", depth: 0), .init(text: "two lines", depth: 1),
                                            .init(text: "deep", depth: 2), .init(text: "b", depth: 1)])
    }

    @Test(arguments: [
        ("a\n  b\n    c\n  d\ne", [0, 1, 2, 1, 0]),
        ("* a\n\t* b\n* c", [0, 1, 0]),
        ("a\r\n\r\n    b\r\n  c", [0, 1, 1]),
        ("   indented first\n   same", [0, 0]),
    ])
    func indentationGivesDepth(text: String, depths: [Int]) {
        #expect(OutlineText.parse(text).map(\.depth) == depths)
    }

    @Test func bulletsAreStrippedOnlyWhenEveryLineHasOne() {
        #expect(OutlineText.parse("- a\n- b").map(\.text) == ["a", "b"])
        #expect(OutlineText.parse("- a\nb").map(\.text) == ["- a", "b"])
    }
}
