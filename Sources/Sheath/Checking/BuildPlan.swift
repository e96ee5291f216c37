/// What one graph's modules registered, checked: the graph's own bindings, or every problem found.
struct BuildPlan {
  /// The graph's own bindings by slot (including synthesized multibindings), in registration order.
  private(set) var bindings: [(key: Keys, binding: AnyBinding)] = []
  /// The contributions the graph sees by slot: its parent's, then its own.
  private(set) var contributions: [Int: [AnyContribution]]
  /// The module types the graph and its ancestors installed.
  let installedModules: [ObjectIdentifier: InstalledModule]
  /// What is wrong with the registrations, in their order; the graph reports these with the
  /// problems its check finds (see ``GraphCheck``).
  private(set) var problems: [GraphError.Problem] = []
  /// The keys those problems are about: the graph check does not report them again.
  private(set) var keysWithProblems: Set<ObjectIdentifier> = []
  /// The bindings refused only because they sit below the graph that owns their scope, by key: what
  /// the modules meant, so the graph check reads their dependencies all the same, and moving such a
  /// binding surfaces no second error.
  private(set) var misplacedBindings: [ObjectIdentifier: AnyBinding] = [:]
  /// Where modules required each key that has no default (or, in a test graph, no test behaviour):
  /// the graph check reports the ones nothing binds, with every path that needs them.
  private(set) var requiredBy: [ObjectIdentifier: [BindingSource]] = [:]
  private let parent: Graph?

  init(_ registered: Bindings, parent: Graph?, scope: Scope?, usesTestValues: Bool) {
    self.parent = parent
    self.contributions = parent?.table.contributions ?? [:]
    self.installedModules = registered.installedModules
    var problems = Problems(list: registered.moduleProblems)
    var groups = Self.grouped(registered.registrations)
    // Taken out one by one, in order: iterating would copy each group, retaining all it holds.
    groups.reverse()
    while let group = groups.popLast() {
      let isBound = group.firstPlain != nil || !group.overrides.isEmpty
      var winner = isBound ? check(group.key, group, scope: scope, &problems) : nil
      addContributions(of: group, isBound: isBound, to: &winner, &problems)
      decorate(&winner, group, isBound: isBound, usesTestValues: usesTestValues, &problems)
      if let winner {
        if !isBound, !checkOwnsInstances(of: group.key, winner, group, scope: scope, &problems) { continue }
        bindings.append((group.key, winner))
      }
      if !group.requiredBy.isEmpty { requiredBy[ObjectIdentifier(group.key)] = group.requiredBy }
    }
    self.problems = problems.list
    self.keysWithProblems = problems.keys
  }

  /// The registrations grouped by key, in the order keys first appear: one hash lookup per
  /// registration, and no array for the usual key, bound once.
  private static func grouped(_ registrations: [Registration]) -> [Group] {
    var index: [ObjectIdentifier: Int] = [:]
    index.reserveCapacity(registrations.count)
    var groups: [Group] = []
    groups.reserveCapacity(registrations.count)
    for registration in registrations {
      let key = registration.key
      let id = ObjectIdentifier(key)
      let position: Int
      if let found = index[id] {
        position = found
      } else {
        position = groups.count
        index[id] = position
        groups.append(Group(key: key))
      }
      groups[position].add(registration)
    }
    return groups
  }

  /// Adds what `group` contributes to its collection's elements, after its parent's. A collection
  /// with no binding of its own gets one synthesized from them (`winner`); one bound and contributed to
  /// in the same graph is a problem: neither may silently win.
  private mutating func addContributions(
    of group: Group, isBound: Bool, to winner: inout AnyBinding?, _ problems: inout Problems
  ) {
    guard let first = group.contributions.first else { return }
    let key = group.key
    let all = (contributions[first.key.slot] ?? []) + group.contributions
    problems.checkEntries(of: first.key, all)
    contributions[first.key.slot] = all
    if let plain = group.firstPlain {
      problems.append(
        .duplicateBinding, key,
        Diagnostic(
          summary: "\(key.described) is both bound and contributed to",
          details: ["bound by \(plain.source)"] + group.contributions.map { "contributed by \($0.source)" },
          fix:
            "contribute every element, or make the binding an override to replace the whole collection: b.override(\(key.callSiteName)) { … }"
        ))
    } else if !isBound {
      // Unbound, there is no winner yet. An override (bound) replaces the whole collection,
      // contributions and all.
      winner = first.synthesizeBinding(of: all)
    }
  }

  /// Wraps `winner` in `group`'s decorators. They wrap what the graph would resolve otherwise: this
  /// graph's binding or collection, its parent's, or the key's own; decorating a key nothing binds is
  /// a problem.
  private func decorate(
    _ winner: inout AnyBinding?, _ group: Group, isBound: Bool, usesTestValues: Bool, _ problems: inout Problems
  ) {
    guard !group.decorations.isEmpty else { return }
    let key = group.key
    if let base = winner ?? parentBinding(of: key) ?? key.fallbackAnyBinding(testing: usesTestValues) {
      winner = group.decorations.reduce(base) { $1.decorate($0) }
    } else if !isBound {
      problems.append(
        .decorationOfUnboundKey, key,
        Diagnostic(
          summary: "decorator of \(key.described), which nothing binds",
          details: group.decorations.map { "decorated by \($0.source)" },
          fix: "bind it in one of the installed modules: b.bind(\(key.callSiteName)) { … }"))
    }
  }

  /// The graph's own bindings by slot (`nil` where it has none).
  func bindingsBySlot() -> [AnyBinding?] {
    var bySlot = [AnyBinding?](repeating: nil, count: (bindings.map(\.key.slot).max() ?? -1) + 1)
    for (key, binding) in bindings { bySlot[key.slot] = binding }
    return bySlot
  }

  /// The binding that wins for `key` in this graph, or `nil` with every problem recorded.
  private mutating func check(
    _ key: Keys, _ group: Group, scope: Scope?, _ problems: inout Problems
  ) -> AnyBinding? {
    let count = problems.list.count
    let inherited = parentModuleBinding(of: key)
    // A test's or a preview's override wins over the modules' overrides: it is made for that one graph.
    let graphOverrides = group.overrides.filter(\.source.isTestOverride)
    let overrides = graphOverrides.isEmpty ? group.overrides : graphOverrides
    // The usual key is bound once: `plain`, an array, is made only for a problem's message.
    let isBoundOnce = group.firstPlain != nil && group.morePlain.isEmpty
    if !group.morePlain.isEmpty || (isBoundOnce && overrides.isEmpty && inherited != nil) {
      let plain = group.plain
      let parentLines = inherited.map { ["bound by \($0.source) in the parent graph"] } ?? []
      problems.append(
        .duplicateBinding, key,
        Diagnostic(
          summary: "duplicate binding for \(key.described)",
          details: parentLines + plain.map { "bound by \($0.source)" },
          fix:
            "keep one of these bindings, or make the one that should win an override: b.override(\(key.callSiteName)) { … }"
        ))
    }
    if overrides.count > 1 {
      problems.append(
        .conflictingOverrides, key,
        Diagnostic(
          summary: "conflicting overrides of \(key.described)",
          details: overrides.map { "overridden by \($0.source)" },
          fix: "keep one override of \(key.name); install the other module in a child graph if both are needed"))
    }
    if let override = overrides.first, group.firstPlain == nil, inherited == nil, !key.hasDefault,
      !override.source.isTestOverride
    {
      problems.append(
        .overrideOfUnboundKey, key,
        Diagnostic(
          summary: "override of \(key.described), which nothing binds",
          details: ["overridden by \(override.source)"],
          fix: "bind it instead: b.bind(\(key.callSiteName)) { … }"))
    }
    guard let winner = overrides.first ?? group.firstPlain else { return nil }
    if case .scoped(let bindingScope) = winner.lifetime, bindingScope != scope,
      parent?.nearest(opening: bindingScope) != nil
    {
      problems.append(
        .scopedBindingBelowScope, key,
        Diagnostic(
          summary:
            "\(key.name) is scoped to \(bindingScope), but it is bound in a graph below the \(bindingScope) graph that would own its instance",
          details: [key.described, "bound by \(winner.source)"],
          fix:
            "bind it in the graph that opens \(bindingScope), or open \(bindingScope) in this graph: parent.child(scope: \(bindingScope), modules: …)"
        ))
      if problems.list.count == count + 1 { misplacedBindings[ObjectIdentifier(key)] = winner }
    }
    return problems.list.count == count ? winner : nil
  }

  /// Whether this graph may hold the instances of `binding`, which its decorators or contributions
  /// made for `key`: a scoped instance lives in the graph that opened its scope, so a graph below that
  /// one cannot change it (its parent's instance would be the child's, or the child's the parent's,
  /// whichever was resolved first). Records the problem if not.
  private func checkOwnsInstances(
    of key: Keys, _ binding: AnyBinding, _ group: Group, scope: Scope?, _ problems: inout Problems
  ) -> Bool {
    guard case .scoped(let bindingScope) = binding.lifetime, bindingScope != scope,
      parent?.nearest(opening: bindingScope) != nil
    else { return true }
    let what = group.decorations.isEmpty ? "contributed to" : "decorated"
    problems.append(
      .scopedBindingBelowScope, key,
      Diagnostic(
        summary:
          "\(key.name) is scoped to \(bindingScope), but it is \(what) in a graph below the \(bindingScope) graph that owns its instance",
        details: [key.described]
          + group.contributions.map { "contributed by \($0.source)" }
          + group.decorations.map { "decorated by \($0.source)" },
        fix:
          "\(group.decorations.isEmpty ? "contribute" : "decorate") in the graph that opens \(bindingScope), or open \(bindingScope) in this graph: parent.child(scope: \(bindingScope), modules: …)"
      ))
    return false
  }

  /// The binding a parent graph's modules made for `key`, if any: not the key's default, even one the
  /// parent decorated.
  private func parentBinding(of key: Keys) -> AnyBinding? {
    parent?.table.binding(at: key.slot)
  }

  /// The binding a parent graph's modules bound `key` with, if any: a default that the parent only
  /// decorated is no module's binding, and a child may bind the key.
  private func parentModuleBinding(of key: Keys) -> AnyBinding? {
    parentBinding(of: key).flatMap { $0.source.isKeyDefault ? nil : $0 }
  }
}

/// Everything the modules registered for one key, in registration order.
private struct Group {
  let key: Keys
  /// The first plain binding, kept apart so that a key bound once needs no array.
  var firstPlain: AnyBinding?
  var morePlain: [AnyBinding] = []
  var overrides: [AnyBinding] = []
  var contributions: [AnyContribution] = []
  /// Where `require` asked for the key, when its default does not satisfy it.
  var requiredBy: [BindingSource] = []
  var decorations: [Decoration] = []

  init(key: Keys) {
    self.key = key
  }

  var plain: [AnyBinding] {
    guard let firstPlain else { return [] }
    return [firstPlain] + morePlain
  }

  mutating func add(_ registration: Registration) {
    switch registration {
    case .bind(_, let binding, let isOverride):
      if isOverride {
        overrides.append(binding)
      } else if firstPlain == nil {
        firstPlain = binding
      } else {
        morePlain.append(binding)
      }
    case .contribute(let contribution):
      contributions.append(contribution)
    case .require(_, let isSatisfiedByDefault, let source):
      if !isSatisfiedByDefault { requiredBy.append(source) }
    case .decorate(_, let decoration):
      decorations.append(decoration)
    case .expose:
      // Only the graph check reads it: a key to check from.
      break
    }
  }
}

/// Problems found while building, in a stable order.
private struct Problems {
  private(set) var list: [GraphError.Problem]
  private(set) var keys: Set<ObjectIdentifier> = []

  mutating func append(_ kind: GraphError.Problem.Kind, _ key: Keys, _ diagnostic: Diagnostic) {
    list.append(GraphError.Problem(kind: kind, keyName: key.name, diagnostic: diagnostic))
    keys.insert(ObjectIdentifier(key))
  }

  /// Records a problem for each map entry key contributed more than once.
  mutating func checkEntries(of key: Keys, _ contributions: [AnyContribution]) {
    var seen: [AnyHashable: [AnyContribution]] = [:]
    var order: [AnyHashable] = []
    for contribution in contributions {
      guard let entry = contribution.entry else { continue }
      if seen[entry] == nil { order.append(entry) }
      seen[entry, default: []].append(contribution)
    }
    for entry in order {
      guard let sharing = seen[entry], sharing.count > 1 else { continue }
      append(
        .duplicateMapEntry, key,
        Diagnostic(
          summary: "duplicate entry \(describe(entry)) in \(key.described)",
          details: sharing.map { "contributed by \($0.source)" },
          fix: "give each contribution its own entry key, or remove one of them"))
    }
  }

  private func describe(_ entry: AnyHashable) -> String {
    if let string = entry.base as? String { return "\"\(string)\"" }
    return String(describing: entry.base)
  }
}
