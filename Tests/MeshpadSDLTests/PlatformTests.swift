import Testing

/// Every headless SDL test lives in this suite, one at a time: SDL, SDL2_ttf and SDL2_image are
/// process-wide, and a session ending in one test (SDL_Quit) must never overlap another's.
@Suite(.serialized) struct PlatformTests {}
