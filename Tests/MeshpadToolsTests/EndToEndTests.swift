import Testing

/// Every end-to-end test lives in this suite, one at a time: SDL, SDL2_ttf and SDL2_image are
/// process-wide, and a session ending in one test (SDL_Quit) must never overlap another's. (The
/// SDL backend's own tests do the same in `PlatformTests`; both run on the main actor without
/// suspending, so the two suites never overlap either.)
@Suite(.serialized) struct EndToEndTests {}
