/// What refers to a graph without keeping it alive: the resolvers of its shared instances (so that a
/// shared instance never keeps its own graph alive), and the resolver the graph lends to the transient
/// factories of requests made on it (``Graph/lentResolver``).
///
/// It refers to the graph `unowned`, not `weak`: a weak reference gives its object a side table, and
/// from then on every retain and release of the graph takes the runtime's slow path — measured, 250
/// more instructions for each read of a singleton. The graph marks the anchor released first thing
/// in its `deinit`, so a provider called after that stops with a message naming the graph; `unowned`
/// keeps the graph's memory until the last anchor goes, so reading the reference is never undefined,
/// and a call that races the graph's last release traps in the runtime instead.
///
/// While a request made on the graph runs on a thread, that thread's resolution state names the graph
/// and its anchor (`lentGraph`, `lentAnchor`): the graph is alive for as long, so a resolver that
/// refers through the anchor resolves from it there without a retain
/// (``GraphReference/unretainedGraph``). Anywhere else — kept after its factory returned, or handed to
/// another thread — it reads the graph through `target`, which stops with a message once the graph
/// is released.
@usableFromInline
final class GraphAnchor: ManagedBuffer<GraphAnchor.Header, Int> {
  // Not `Sendable`: a `ManagedBuffer` never is, and a subclass cannot say otherwise. What holds an
  // anchor across threads — ``GraphReference``, ``AnchorFallback`` — says why that is safe: `target`
  // is set once, by the graph's initializer, before the anchor is shared; the first two words (the
  // released flag, the kept fallback) are read and written atomically; and the graph's instance table
  // synchronizes the rest of the words itself.

  /// What the anchor knows of its graph.
  @usableFromInline
  struct Header {
    /// The graph; read through ``GraphAnchor/graph``, which checks the released flag first.
    @usableFromInline unowned var target: Graph?
    // What describes the graph once it is gone; the text is made only for a message.
    let graphIsRoot: Bool
    let graphScope: Scope?
  }

  /// The anchor's words, zeroed, allocated with it: the released flag, what a provider needs once the
  /// graph is gone (see `keepForFallback`), then the memory of the graph's ``InstanceTable``. One
  /// allocation per graph, where a class with a block of its own made two.
  static let words = 2 + InstanceTable.words

  /// A graph's anchor, not retained, and the resolver the graph lends through it, which keeps it; the
  /// graph's initializer makes them before it can refer to itself, then calls ``attach(_:)``.
  static func make(isRoot: Bool, scope: Scope?) -> (Unretained<GraphAnchor>, Resolver) {
    let made = GraphAnchor.create(minimumCapacity: words) { _ in
      Header(target: nil, graphIsRoot: isRoot, graphScope: scope)
    }
    // `create` makes an instance of the class it is called on.
    let anchor = unsafeDowncast(made, to: GraphAnchor.self)
    anchor.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: words) }
    return (Unretained(anchor), Resolver(GraphReference(.lent(anchor))))
  }

  /// The anchor's words.
  ///
  /// `ManagedBuffer` documents the element pointer as valid inside the closure that receives it. The
  /// graph keeps it longer — its instance table's memory starts two words in — for as long as it holds
  /// the anchor: a Swift object never moves, and the words are part of this one.
  @inlinable
  var words: UnsafeMutablePointer<Int> {
    withUnsafeMutablePointerToElements { $0 }
  }

  /// The first word: 1 once the graph began to be released, else 0.
  @inlinable
  var releasedFlag: AtomicWord { AtomicWord(words) }

  /// The second word: the address of what ``keepForFallback()`` kept, retained, or 0.
  var keptFallback: AtomicWord { AtomicWord(words + 1) }

  /// Points the anchor at `graph`, once.
  func attach(_ graph: Graph) {
    withUnsafeMutablePointerToHeader { $0.pointee.target = graph }
  }

  var graphIsRoot: Bool { withUnsafeMutablePointerToHeader { $0.pointee.graphIsRoot } }
  var graphScope: Scope? { withUnsafeMutablePointerToHeader { $0.pointee.graphScope } }

  /// How diagnostics describe the graph, released or not.
  var graphDescription: String { Graph.describe(isRoot: graphIsRoot, scope: graphScope) }

  deinit {
    if let kept = UnsafeRawPointer(bitPattern: keptFallback.load()) {
      Unmanaged<AnchorFallback>.fromOpaque(kept).release()
    }
  }

  /// The graph's instance table, in the anchor's words: zeroed, and kept as long as the anchor.
  var instanceTable: InstanceTable { InstanceTable(memory: words + 2) }

  /// Keeps what resolving from a live graph above needs once this graph is gone — its bindings and
  /// its ancestors' anchors — the first time something a shared instance of it made (a provider, a
  /// lazy value, a factory) keeps its reference; a graph nothing keeps that way pays nothing.
  @usableFromInline
  func keepForFallback() {
    guard keptFallback.load() == 0, let graph else { return }
    var ancestors: [GraphAnchor] = []
    var above = graph.parent
    while let current = above {
      ancestors.append(current.anchor)
      above = current.parent
    }
    let kept = Unmanaged.passRetained(AnchorFallback(table: graph.table, ancestors: ancestors))
    if !keptFallback.compareExchange(expected: 0, desired: Int(bitPattern: kept.toOpaque())) { kept.release() }
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// What ``keepForFallback()`` kept, if anything did.
  var fallback: AnchorFallback? {
    let kept = keptFallback.load()
    guard kept != 0 else { return nil }
    return Unmanaged<AnchorFallback>.fromOpaque(UnsafeRawPointer(bitPattern: kept).unsafelyUnwrapped)
      .takeUnretainedValue()
  }

  /// The graph, or `nil` once it began to be released.
  @inlinable
  var graph: Graph? {
    releasedFlag.load() == 0 ? withUnsafeMutablePointerToHeader { $0.pointee.target } : nil
  }

  /// Called by the graph's `deinit`, before anything else.
  func graphWillRelease() {
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      precondition(releasedFlag.load() == 0, "graph anchor: the graph was released twice")
    #endif
    releasedFlag.store(1)
    #if DEBUG || SHEATH_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Stops if the anchor breaks one of its invariants. ``keepForFallback()`` and
  /// ``graphWillRelease()`` check them in debug builds and with internal checks on
  /// (`-DSHEATH_INTERNAL_CHECKS`); tests call it in any build.
  ///
  /// - The released flag is 0 or 1, and the anchor names no graph once it is 1.
  /// - While it names a graph, the graph is a root exactly when the anchor says so, and has the
  ///   anchor's scope.
  /// - A kept fallback lists the graph's ancestors' anchors, nearest first, down to the root, and no
  ///   other root: none for a root graph. While the graph is alive, they are its ancestors' anchors,
  ///   and the fallback holds its bindings.
  func checkInvariants() {
    let released = releasedFlag.load()
    precondition(released == 0 || released == 1, "graph anchor: the released flag is \(released), not 0 or 1")
    precondition(released == 0 || graph == nil, "graph anchor: released, but it names its graph")
    if let graph {
      precondition(
        graphIsRoot == (graph.parent == nil),
        "graph anchor: says its graph is \(graphIsRoot ? "a root" : "a child"); it is not")
      precondition(graphScope == graph.scope, "graph anchor: scope \(String(describing: graphScope)), not its graph's")
    }
    guard let fallback else { return }
    precondition(
      fallback.ancestors.isEmpty == graphIsRoot,
      "graph anchor: a \(graphIsRoot ? "root" : "child") graph's fallback lists \(fallback.ancestors.count) ancestors")
    let count = fallback.ancestors.count
    for (index, ancestor) in fallback.ancestors.enumerated() {
      precondition(
        ancestor.graphIsRoot == (index == count - 1),
        "graph anchor: the fallback's ancestor \(index) of \(count) is \(ancestor.graphIsRoot ? "a root" : "no root")")
    }
    if let graph {
      precondition(fallback.table === graph.table, "graph anchor: the fallback holds other bindings than its graph's")
      var above = graph.parent
      for (index, ancestor) in fallback.ancestors.enumerated() {
        precondition(
          above?.anchor === ancestor,
          "graph anchor: the fallback's ancestor \(index) is not its graph's ancestor's anchor")
        above = above?.parent
      }
      precondition(above == nil, "graph anchor: its graph has more ancestors than the fallback lists")
    }
  }
}

/// A released graph's bindings and its ancestors' anchors, nearest first: what a provider of it needs
/// to resolve from a live graph above.
final class AnchorFallback: @unchecked Sendable {
  // @unchecked: immutable; an anchor is safe to share (see ``GraphAnchor``), but as a `ManagedBuffer`
  // it cannot say so itself.
  let table: BindingTable
  let ancestors: [GraphAnchor]

  init(table: BindingTable, ancestors: [GraphAnchor]) {
    self.table = table
    self.ancestors = ancestors
  }
}
