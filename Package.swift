// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "MeshpadCore"),
        .target(name: "MeshpadPlatform", dependencies: ["MeshpadCore", "CSDL2", "CFontconfig", "CLibPQ"]),
        .executableTarget(name: "meshpad", dependencies: ["MeshpadCore", "MeshpadPlatform"]),
        .testTarget(name: "MeshpadCoreTests", dependencies: ["MeshpadCore"]),
        .testTarget(name: "MeshpadPlatformTests", dependencies: ["MeshpadPlatform", "MeshpadCore", "CSDL2", "CLibPQ"]),
    ],
    swiftLanguageModes: [.v6]
)
