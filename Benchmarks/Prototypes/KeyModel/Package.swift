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
  ]
)
