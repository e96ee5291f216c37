// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sheath",
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
  products: [
    .library(name: "Sheath", targets: ["Sheath"])
  ],
  targets: [
    // NB: a C target (not a package dependency) gives us acquire/release atomics on every OS version we
    // support; the standard library's `Synchronization.Atomic` needs macOS 15 / iOS 18.
    .target(name: "CSheathAtomics"),
    .target(name: "Sheath", dependencies: ["CSheathAtomics"]),
    .testTarget(name: "SheathTests", dependencies: ["Sheath"]),

    // The sample: the followers flow's domain, wired with Sheath, and its terminal front end.
    .target(name: "FollowersKit", path: "Samples/Followers/FollowersKit"),
    .testTarget(
      name: "FollowersTests", dependencies: ["FollowersKit"], path: "Tests/FollowersTests",
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
