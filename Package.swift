// swift-tools-version:6.0
import PackageDescription

// Five targets, one concern each (see docs/ARCHITECTURE.md):
// - MeshpadCore: every decision, pure Swift, no SDL and no libpq; tested without a window.
// - MeshpadSDL: the SDL backend (window, renderer, textures, fonts, events, the loop) carrying
//   out what the core decides.
// - MeshpadPostgres: shared maps over libpq, without SDL (its tests run without a display).
// - MeshpadTools: the command-line tools over the app (replay, soak, bench, convert).
// - meshpad: the executable, which parses the command line and wires the others together.
let package = Package(
    name: "Meshpad",
    products: [
        .executable(name: "meshpad", targets: ["meshpad"]),
    ],
    targets: [
        // why: pkg-config names are case-sensitive on Linux; sdl2's cflags also cover SDL2_ttf and
        // SDL2_image, whose headers live in the same directory. The modulemap links all three.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // why: shared maps talk to PostgreSQL through libpq (Debian's libpq-dev); its headers live
        // in /usr/include/postgresql, which pkg-config's libpq names.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // why: glibc's malloc tuning (malloc_trim, mallopt, mallinfo2) is in malloc.h, which
        // Swift's Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // why: XMind files are ZIP archives; libzip (Debian's libzip-dev) reads and writes them, so
        // the core has no inflater of its own. It is a data library, like Foundation's libxml2.
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        // why: PDF export draws through cairo's PDF surface with FreeType faces (cairo-ft), so the
        // PDF holds vector shapes and real, searchable text in the fonts the screen uses.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .target(name: "MeshpadCore", dependencies: ["CZip"]),
        .target(name: "MeshpadSDL", dependencies: ["MeshpadCore", "CSDL2", "CFontconfig", "CMalloc", "CCairo"]),
        .target(name: "MeshpadPostgres", dependencies: ["MeshpadCore", "CLibPQ"]),
        .target(name: "MeshpadTools", dependencies: ["MeshpadCore", "MeshpadSDL", "MeshpadPostgres"]),
        .executableTarget(name: "meshpad", dependencies: ["MeshpadCore", "MeshpadSDL", "MeshpadPostgres", "MeshpadTools"]),
        // Rigs several test targets share: child processes (the built app, Xvfb) and throwaway
        // PostgreSQL clusters. Core only, so the PostgreSQL tests link no SDL.
        .target(name: "MeshpadTestRigs", dependencies: ["MeshpadCore"], path: "Tests/Rigs"),
        .testTarget(name: "MeshpadCoreTests", dependencies: ["MeshpadCore", "MeshpadTestRigs"]),
        .testTarget(name: "MeshpadSDLTests", dependencies: ["MeshpadSDL", "MeshpadCore", "CSDL2", "MeshpadTestRigs"]),
        .testTarget(name: "MeshpadPostgresTests", dependencies: ["MeshpadPostgres", "MeshpadCore", "CLibPQ", "MeshpadTestRigs"]),
        .testTarget(name: "MeshpadToolsTests",
                    dependencies: ["MeshpadTools", "MeshpadSDL", "MeshpadPostgres", "MeshpadCore", "CSDL2", "MeshpadTestRigs"]),
    ],
    swiftLanguageModes: [.v6]
)
