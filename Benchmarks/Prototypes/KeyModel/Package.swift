// swift-tools-version: 6.0
import PackageDescription

// Graph slots are class-held pointers; no exclusivity checks needed in the prototype.
let flags: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
  name: "KeyModel",
  platforms: [.macOS(.v15)],
  targets: [
    .target(name: "KeyCore", swiftSettings: flags),
    .target(name: "Flavours"),
    .target(name: "SurfacePacks", dependencies: ["KeyCore"], swiftSettings: flags),
    .target(name: "SurfaceArity", dependencies: ["KeyCore"], swiftSettings: flags),
    .executableTarget(name: "BenchPacks", dependencies: ["KeyCore", "SurfacePacks"], swiftSettings: flags + [.define("PACKS")]),
    .executableTarget(name: "BenchArity", dependencies: ["KeyCore", "SurfaceArity"], swiftSettings: flags),
    // Follow-up Q-B: per-arity key initializers + one parameter-pack bind.
    .target(name: "SurfaceMixed", dependencies: ["KeyCore"], swiftSettings: flags + [.define("PACK_BIND")]),
    // Sources/BenchBind/main.swift (symlinked): module-bound keys, per-arity bind vs pack bind; kept
    // out of Bench/main.swift so that LLVM does not merge its bind thunks with the key thunks there.
    .executableTarget(name: "BenchBindArity", dependencies: ["KeyCore", "SurfaceArity"], swiftSettings: flags),
    .executableTarget(name: "BenchBindMixed", dependencies: ["KeyCore", "SurfaceMixed"], swiftSettings: flags + [.define("MIXED")]),
    // Follow-up 2: per-arity key initializers + one generic recipe-form bind (no per-arity binds).
    .target(name: "SurfaceRecipe", dependencies: ["KeyCore"], swiftSettings: flags + [.define("RECIPE_BIND")]),
    .target(name: "SurfaceMainActor", dependencies: ["KeyCore"], swiftSettings: flags),
    .executableTarget(name: "BenchBindRecipe", dependencies: ["KeyCore", "SurfaceRecipe"], swiftSettings: flags + [.define("RECIPE")]),
  ]
)
