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
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Removes the build of `id`, if it is in progress.
  mutating func remove(_ id: BuildCoordinator.BuildID) {
    for index in 0..<count where entries[index].id == id {
      count -= 1
      if index != count { entries[index] = entries[count] }
      break
    }
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: entries, count: count)
    entries.deallocate()
    entries = larger
    capacity *= 2
  }

  /// Stops unless the count fits the buffer and no id is in the list twice. Every change checks it in
  /// debug builds and with internal checks on (`-DSHEATH_INTERNAL_CHECKS`); tests call it in any build.
  func checkInvariants() {
    precondition(count >= 0 && count <= capacity, "BuildList: \(count) builds in a buffer of \(capacity)")
    for index in 0..<count {
      for other in (index + 1)..<count {
        precondition(entries[index].id != entries[other].id, "BuildList: a build is in the list twice")
      }
    }
  }

  /// The buffer's capacity: for tests.
  var bufferCapacity: Int { capacity }
}

/// A build list on its own, for tests of the list: ids of any owner and slot, each with a build
/// record of the calling thread.
package final class StandaloneBuildList {
  private var list = BuildList()
  private let key: Keys
  /// The objects that stand for owners: one per number.
  private var owners: [Int: Owner] = [:]
  private final class Owner {}

  /// An empty list, whose builds all name `key`.
  package init(key: Keys) {
    self.key = key
  }

  deinit {
    list.deallocate()
  }

  /// Records a build of `slot` for `owner`, which is not in the list.
  package func append(owner: Int, slot: Int) {
    list.append(id(owner, slot), BuildCoordinator.Build(thread: currentThreadID(), key: Unretained(key), path: .init()))
  }

  /// Removes the build of `slot` for `owner`, if it is in the list.
  package func remove(owner: Int, slot: Int) {
    list.remove(id(owner, slot))
  }

  /// Whether a build of `slot` for `owner` is in the list.
  package func contains(owner: Int, slot: Int) -> Bool {
    list.build(of: id(owner, slot)) != nil
  }

  /// How many builds are in the list.
  package var count: Int { list.count }

  /// The buffer's capacity: 4, doubled each time it fills.
  package var capacity: Int { list.bufferCapacity }

  /// Stops if the list breaks one of its invariants, in any build.
  package func checkInvariants() { list.checkInvariants() }

  private func id(_ owner: Int, _ slot: Int) -> BuildCoordinator.BuildID {
    let object = owners[owner] ?? Owner()
    owners[owner] = object
    return BuildCoordinator.BuildID(owner: ObjectIdentifier(object), slot: slot)
  }
}
