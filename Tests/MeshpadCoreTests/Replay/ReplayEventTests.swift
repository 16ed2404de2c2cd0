import Testing
@testable import MeshpadCore

@Suite struct ReplayEventTests {
    @Test func theDesignExamplesParse() throws {
        let script = """
            {"t":0,   "type":"finger_down", "id":1, "x":0.50, "y":0.50}
            {"t":16,  "type":"finger_move", "id":1, "x":0.52, "y":0.50}
            {"t":32,  "type":"finger_up",   "id":1, "x":0.52, "y":0.50}

            {"t":40,  "type":"mouse_down", "button":"left", "x":320, "y":240}
            {"t":50,  "type":"mouse_move", "x":330, "y":240}
            {"t":60,  "type":"mouse_up",   "button":"left", "x":330, "y":240}
            {"t":70,  "type":"wheel", "dx":0, "dy":-1.5, "x":320, "y":240, "mods":["ctrl"]}
            {"t":80,  "type":"key", "key":"Tab", "mods":[]}
            {"t":90,  "type":"text", "text":"héllo"}
            """
        let events = try ReplayEvent.parseScript(script)
        #expect(events.count == 9)
        #expect(events[0] == ReplayEvent(milliseconds: 0, kind: .fingerDown(id: 1, x: 0.5, y: 0.5), line: 1))
        #expect(events[3].kind == .mouseDown(button: .left, x: 320, y: 240))
        #expect(events[3].line == 5)
        #expect(events[6].kind == .wheel(dx: 0, dy: -1.5, x: 320, y: 240))
        #expect(events[6].modifiers == .ctrl)
        #expect(events[7].kind == .key(.tab))
        #expect(events[8].kind == .text("héllo"))
    }

    @Test(arguments: [
        ("{\"t\":0,\"type\":\"finger_down\",\"id\":1,\"x\":0.5}", "missing \"y\""),
        ("{\"t\":0,\"type\":\"finger_down\",\"id\":1,\"x\":1.5,\"y\":0}", "normalised"),
        ("{\"t\":\"soon\",\"type\":\"key\",\"key\":\"A\"}", "\"t\" must be a number"),
        ("{\"t\":true,\"type\":\"key\",\"key\":\"A\"}", "\"t\" must be a number"),
        ("{\"t\":0,\"type\":\"jump\"}", "unknown type 'jump'"),
        ("{\"t\":0,\"type\":\"mouse_down\",\"button\":\"fourth\",\"x\":0,\"y\":0}", "button must be"),
        ("{\"t\":0,\"type\":\"key\",\"key\":\"A\",\"mods\":[\"hyper\"]}", "unknown modifier"),
        ("{\"t\":0,\"type\":\"finger_up\",\"id\":1.5,\"x\":0,\"y\":0}", "whole number"),
        ("[1,2,3]", "expected a JSON object"),
        ("{\"t\":0,", "not valid JSON"),
        ("{\"t\":-5,\"type\":\"key\",\"key\":\"A\"}", "negative"),
    ])
    func aMalformedLineIsAnErrorNamingTheLine(line: String, reason: String) {
        let script = "{\"t\":0,\"type\":\"key\",\"key\":\"A\"}\n\n" + line
        do {
            _ = try ReplayEvent.parseScript(script)
            Issue.record("accepted a bad line: \(line)")
        } catch {
            #expect(error.line == 3)
            #expect(error.description.hasPrefix("line 3: "))
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func timeMustNotGoBackwards() {
        let script = "{\"t\":50,\"type\":\"key\",\"key\":\"A\"}\n{\"t\":10,\"type\":\"key\",\"key\":\"B\"}"
        #expect(throws: ReplayError(line: 2, reason: "t goes backwards (10.0 after 50.0)")) { try ReplayEvent.parseScript(script) }
    }

    @Test func everyKindRoundTripsThroughItsScriptLine() throws {
        let events = [
            ReplayEvent(milliseconds: 0, kind: .fingerDown(id: 3, x: 0.25, y: 0.75)),
            ReplayEvent(milliseconds: 16, kind: .fingerMove(id: 3, x: 0.3125, y: 0.75)),
            ReplayEvent(milliseconds: 33, kind: .fingerUp(id: 3, x: 0.3125, y: 0.5)),
            ReplayEvent(milliseconds: 40, kind: .mouseDown(button: .right, x: 10, y: 20), modifiers: .alt),
            ReplayEvent(milliseconds: 41, kind: .mouseMove(x: 11, y: 21)),
            ReplayEvent(milliseconds: 42, kind: .mouseUp(button: .right, x: 11, y: 21)),
            ReplayEvent(milliseconds: 50, kind: .wheel(dx: 0.5, dy: -1.25, x: 5, y: 6), modifiers: [.ctrl, .shift]),
            ReplayEvent(milliseconds: 60, kind: .key(.keypadPlus)),
            ReplayEvent(milliseconds: 70, kind: .text("quote \" and \\ and 日本語 and 👍")),
        ]
        let script = events.map(\.jsonLine).joined(separator: "\n")
        let parsed = try ReplayEvent.parseScript(script)
        #expect(parsed.map(\.kind) == events.map(\.kind))
        #expect(parsed.map(\.modifiers) == events.map(\.modifiers))
        #expect(parsed.map(\.milliseconds) == events.map(\.milliseconds))
    }
}
