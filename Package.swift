// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sheath",
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
  products: [
    .library(name: "Sheath", targets: ["Sheath"]),
    .library(name: "SheathTesting", targets: ["SheathTesting"]),
    .executable(name: "followers", targets: ["followers"]),
  ],
  targets: [
    // NB: a C target (not a package dependency) gives us acquire/release atomics on every OS version we
    // support (the standard library's `Synchronization.Atomic` needs macOS 15 / iOS 18), a thread-local
    // resolution stack, and the bounds of a thread's stack.
    // NB: dladdr is in libdl before glibc 2.34.
    .target(name: "CSheathRuntime", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "Sheath", dependencies: ["CSheathRuntime"]),
    .testTarget(name: "SheathTests", dependencies: ["Sheath", "TextDiff"]),

    // Test graphs, a Swift Testing trait and an XCTest helper, for the tests of apps that use Sheath.
    .target(name: "SheathTesting", dependencies: ["Sheath"]),
    // NB: the test targets that use Sheath through SheathTesting's re-export also name Sheath, so that an
    // incremental build recompiles them when Sheath's interface changes.
    .testTarget(name: "SheathTestingTests", dependencies: ["Sheath", "SheathTesting", "RecordedIssues"]),

    // The sample: the followers flow's domain, wired with Sheath, and its terminal front end.
    .target(name: "FollowersKit", dependencies: ["Sheath"], path: "Samples/Followers/FollowersKit"),
    .executableTarget(name: "followers", dependencies: ["FollowersKit"], path: "Samples/Followers/followers"),
    .testTarget(
      name: "FollowersTests", dependencies: ["FollowersKit", "Sheath", "SheathTesting", "TextDiff", "followers"],
      path: "Tests/FollowersTests",
      exclude: ["Fixtures"]),

    // The articles' code (Sources/*/*.docc), compiled and run by `swift test` so the docs cannot rot.
    .testTarget(name: "DocsSnippetsTests", dependencies: ["Sheath", "SheathTesting", "TextDiff", "RecordedIssues"]),

    // The line diff the tests show when a pinned text differs.
    .target(name: "TextDiff", path: "Tests/TextDiff"),
    // The issues a piece of code records, for the tests whose subject is a failure, without printing them.
    .target(name: "RecordedIssues", path: "Tests/RecordedIssues"),
  ],
  swiftLanguageModes: [.v6]
)
