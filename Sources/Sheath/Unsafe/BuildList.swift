/// The builds in progress in a family: a handful at a time, in a buffer the coordinator keeps for its
/// life, scanned faster than hashed. A build is added at the end and removed by moving the last one
/// into its place: the order means nothing, since each id is in the list at most once. The entries
/// are plain words (see ``BuildCoordinator/Build``), so none is retained, released or deinitialized.
///
/// Only under the coordinator's lock.
struct BuildList {
  typealias Entry = (id: BuildCoordinator.BuildID, build: BuildCoordinator.Build)

  private var entries: UnsafeMutablePointer<Entry>
  private var capacity: Int
  /// How many builds are in progress.
  private(set) var count = 0

  init() {
    capacity = 4
    entries = .allocate(capacity: capacity)
  }

  /// Frees the buffer; the coordinator's deinitializer calls it.
  func deallocate() {
    entries.deallocate()
  }

  /// The build of `id`, if it is in progress.
  func build(of id: BuildCoordinator.BuildID) -> BuildCoordinator.Build? {
    for index in 0..<count where entries[index].id == id { return entries[index].build }
    return nil
  }

  /// Records `build`, whose `id` is not in the list.
  mutating func append(_ id: BuildCoordinator.BuildID, _ build: BuildCoordinator.Build) {
    if count == capacity { grow() }
    (entries + count).initialize(to: (id, build))
    count += 1
    checkInvariants()
  }

  /// Removes the build of `id`, if it is in progress.
  mutating func remove(_ id: BuildCoordinator.BuildID) {
    for index in 0..<count where entries[index].id == id {
      count -= 1
      if index != count { entries[index] = entries[count] }
      break
    }
    checkInvariants()
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: entries, count: count)
    entries.deallocate()
    entries = larger
    capacity *= 2
  }

  /// In debug builds: the count fits the buffer, and no id is in the list twice.
  private func checkInvariants() {
    #if DEBUG
      precondition(count >= 0 && count <= capacity, "BuildList: \(count) builds in a buffer of \(capacity)")
      for index in 0..<count {
        for other in (index + 1)..<count {
          precondition(entries[index].id != entries[other].id, "BuildList: a build is in the list twice")
        }
      }
    #endif
  }
}
