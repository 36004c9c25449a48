// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cambio",
    products: [
        .executable(name: "cambio", targets: ["cambio"])
    ],
    targets: [
        // MARK: Core: money, currencies, rate tables, the command language, evaluation (no I/O)

        .target(name: "CambioCore"),

        // MARK: Shell: files, the terminal and libedit

        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "CambioShell",
            dependencies: ["CambioCore", "CEditLine"]
        ),

        // MARK: The executable

        .executableTarget(
            name: "cambio",
            dependencies: ["CambioCore", "CambioShell"]
        ),

        // MARK: Tests

        .testTarget(
            name: "CambioCoreTests",
            dependencies: ["CambioCore"]
        ),
        .testTarget(
            name: "CambioShellTests",
            dependencies: ["CambioCore", "CambioShell", "cambio"]
        ),
    ]
)
