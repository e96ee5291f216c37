/// The builds in progress in a family: a handful at a time, in an array scanned faster than hashed.
/// A build is added at the end and removed by moving the last one into its place: the order means
/// nothing, since each id is in the list at most once. The entries are plain words (see
/// ``BuildCoordinator/Build``), so none is retained or released.
///
/// A plain `Array`. The buffer of unsafe code it replaced saved the flow row 77 instructions (2,458
/// against 2,535, 3%): under the 5% that would pay for it (Benchmarks/README, "A runtime in
/// proportion").
///
/// Only under the coordinator's lock.
struct BuildList {
  typealias Entry = (id: BuildCoordinator.BuildID, build: BuildCoordinator.Build)

  private var entries: [Entry]
  /// How many builds are in progress.
  var count: Int { entries.count }

  init() {
    entries = []
    entries.reserveCapacity(4)
  }

  /// The build of `id`, if it is in progress.
  func build(of id: BuildCoordinator.BuildID) -> BuildCoordinator.Build? {
    for entry in entries where entry.id == id { return entry.build }
    return nil
  }

  /// Records `build`, whose `id` is not in the list.
  mutating func append(_ id: BuildCoordinator.BuildID, _ build: BuildCoordinator.Build) {
    entries.append((id, build))
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes the build of `id`, if it is in progress.
  mutating func remove(_ id: BuildCoordinator.BuildID) {
    if let index = entries.firstIndex(where: { $0.id == id }) {
      entries.swapAt(index, entries.count - 1)
      entries.removeLast()
    }
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Stops if an id is in the list twice. Every change checks it in debug builds and with internal
  /// checks on (`-DSHEATH_INTERNAL_CHECKS`); tests call it in any build.
  func checkInvariants() {
    for index in 0..<count {
      for other in (index + 1)..<count {
        precondition(entries[index].id != entries[other].id, "BuildList: a build is in the list twice")
      }
    }
  }
}
