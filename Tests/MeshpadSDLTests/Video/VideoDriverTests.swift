import Testing
@testable import MeshpadSDL

/// Which video driver Meshpad asks SDL for, from the environment alone (no display needed).
@Suite struct VideoDriverTests {
    /// (environment, headless, the hint set before SDL starts)
    @Test(arguments: [
        (["WAYLAND_DISPLAY": "wayland-0"], false, "wayland,x11"),
        (["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], false, "wayland,x11"),
        (["DISPLAY": ":0"], false, nil),
        ([:], false, nil),
        (["WAYLAND_DISPLAY": ""], false, nil),
        (["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"], false, nil),
        (["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": ""], false, nil),
        (["WAYLAND_DISPLAY": "wayland-0"], true, nil),
    ] as [([String: String], Bool, String?)])
    func aWaylandSessionAsksForWaylandUnlessTheUserChoseADriver(environment: [String: String], headless: Bool, hint: String?) {
        #expect(SDLSession.videoDriverHint(environment: environment, headless: headless) == hint)
    }

    /// Only X11 and the headless drivers show a software renderer's pixels without a GL texture.
    @Test func onlyDriversWithTheirOwnFramebufferSkipTheGLTexture() {
        #expect(SDLRenderer.hasOwnFramebuffer(videoDriver: "x11"))
        #expect(SDLRenderer.hasOwnFramebuffer(videoDriver: "offscreen"))
        #expect(!SDLRenderer.hasOwnFramebuffer(videoDriver: "wayland"))
        #expect(!SDLRenderer.hasOwnFramebuffer(videoDriver: "kmsdrm"))
    }

    /// (start, length, caret): IBus gives a cursor; Fcitx the segment being converted, and the
    /// caret goes after it (a whole pinyin preedit: at its end).
    @Test(arguments: [(Int32(3), Int32(0), 3), (0, 6, 6), (2, 3, 5), (-1, -1, 0)] as [(Int32, Int32, Int)])
    func theCaretInACompositionFollowsWhatTheInputMethodSays(start: Int32, length: Int32, caret: Int) {
        #expect(EventTranslator.compositionCaret(start: start, length: length) == caret)
    }

    /// (environment, GPU render nodes, draws in software)
    @Test(arguments: [
        ([:], [], true),
        ([:], ["renderD128"], false),
        (["MESHPAD_RENDERER": "accelerated"], [], false),
        (["MESHPAD_RENDERER": "software"], ["renderD128"], true),
        (["MESHPAD_RENDERER": "other"], ["renderD128"], false),
    ] as [([String: String], [String], Bool)])
    func aMachineWithoutAGPUDrawsInSoftwareUnlessTold(environment: [String: String], nodes: [String], software: Bool) {
        #expect(SDLSession.prefersSoftwareRenderer(environment: environment, renderNodes: nodes) == software)
    }
}
