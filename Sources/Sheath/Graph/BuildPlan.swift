/// What one graph's modules registered, checked: the graph's own bindings, or every problem found.
struct BuildPlan {
  /// The graph's own bindings by slot (including synthesized multibindings), in registration order.
  private(set) var bindings: [(key: Keys, binding: AnyBinding)] = []
  /// The contributions the graph sees by slot: its parent's, then its own.
  private(set) var contributions: [Int: [AnyContribution]]
  /// The module types the graph and its ancestors installed.
  let installedModules: [ObjectIdentifier: InstalledModule]
  private let parent: Graph?

  init(_ registered: Bindings, parent: Graph?, scope: Scope?, usesTestValues: Bool) throws {
    self.parent = parent
    self.contributions = parent?.table.contributions ?? [:]
    self.installedModules = registered.installedModules
    var problems = Problems(list: registered.moduleProblems)
    let registrations = registered.registrations

    // Group by key, remembering the order keys first appear in.
    var order: [ObjectIdentifier] = []
    var binds: [ObjectIdentifier: (key: Keys, plain: [AnyBinding], overrides: [AnyBinding])] = [:]
    var ownContributions: [ObjectIdentifier: [AnyContribution]] = [:]
    var requirements: [ObjectIdentifier: (key: Keys, sources: [BindingSource])] = [:]
    var decorations: [ObjectIdentifier: (key: Keys, decorations: [AnyDecoration])] = [:]
    for registration in registrations {
      switch registration {
      case .bind(let key, let binding, let isOverride):
        let id = ObjectIdentifier(key)
        if binds[id] == nil { order.append(id) }
        if isOverride {
          binds[id, default: (key, [], [])].overrides.append(binding)
        } else {
          binds[id, default: (key, [], [])].plain.append(binding)
        }
      case .contribute(let contribution):
        let id = ObjectIdentifier(contribution.key)
        if ownContributions[id] == nil { order.append(id) }
        ownContributions[id, default: []].append(contribution)
      case .require(let key, let isSatisfiedByDefault, let source):
        guard !isSatisfiedByDefault else { continue }
        let id = ObjectIdentifier(key)
        if requirements[id] == nil { order.append(id) }
        requirements[id, default: (key, [])].sources.append(source)
      case .decorate(let key, let decoration):
        let id = ObjectIdentifier(key)
        if decorations[id] == nil { order.append(id) }
        decorations[id, default: (key, [])].decorations.append(decoration)
      }
    }

    for id in order {
      var winner: AnyBinding?
      if let bound = binds[id] {
        winner = check(bound.key, plain: bound.plain, overrides: bound.overrides, scope: scope, &problems)
      }
      if let decorated = decorations[id] {
        // Decorators wrap what the graph would resolve otherwise: this graph's binding, its parent's,
        // or the key's own.
        let key = decorated.key
        if let base = winner ?? parentBinding(of: key) ?? key.fallbackAnyBinding(testing: usesTestValues) {
          winner = decorated.decorations.reduce(base) { $1.decorate($0) }
        } else if binds[id] == nil {
          problems.append(
            .decorationOfUnboundKey, key,
            Diagnostic(
              summary: "decorator of \(key.described), which nothing binds",
              details: decorated.decorations.map { "decorated by \($0.source)" },
              fix: "bind it in one of the installed modules: b.bind(\(key.callSiteName)) { r in … }"))
        }
      }
      if let winner, let key = binds[id]?.key ?? decorations[id]?.key {
        bindings.append((key, winner))
      }
      if let own = ownContributions[id], let first = own.first {
        let all = (contributions[first.key.slot] ?? []) + own
        problems.checkEntries(of: first.key, all)
        contributions[first.key.slot] = all
        bindings.append((first.key, first.synthesizeBinding(of: all)))
      }
      if let required = requirements[id], binds[id] == nil, parentBinding(of: required.key) == nil {
        problems.append(
          .missingBinding, required.key,
          Diagnostic(
            summary: "missing binding for required key \(required.key.described)",
            details: required.sources.map { "required by \($0)" },
            fix: "bind it in one of the installed modules: b.bind(\(required.key.callSiteName)) { r in … }"))
      }
    }
    if !problems.list.isEmpty { throw GraphError(problems: problems.list) }
  }

  /// The binding that wins for `key` in this graph, or `nil` with every problem recorded.
  private func check(
    _ key: Keys, plain: [AnyBinding], overrides: [AnyBinding], scope: Scope?, _ problems: inout Problems
  ) -> AnyBinding? {
    let count = problems.list.count
    let inherited = parentBinding(of: key)
    if plain.count > 1 || (plain.count == 1 && overrides.isEmpty && inherited != nil) {
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
    if let override = overrides.first, plain.isEmpty, inherited == nil, !key.hasDefault,
      !override.source.isTestOverride
    {
      problems.append(
        .overrideOfUnboundKey, key,
        Diagnostic(
          summary: "override of \(key.described), which nothing binds",
          details: ["overridden by \(override.source)"],
          fix: "bind it instead: b.bind(\(key.callSiteName)) { … }"))
    }
    let winner = overrides.first ?? plain[0]
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
    }
    return problems.list.count == count ? winner : nil
  }

  /// The binding a parent graph's modules made for `key`, if any (not the key's default).
  private func parentBinding(of key: Keys) -> AnyBinding? {
    parent?.table.binding(at: key.slot)
  }
}

/// Problems found while building, in a stable order.
private struct Problems {
  private(set) var list: [GraphProblem]

  mutating func append(_ kind: GraphProblem.Kind, _ key: Keys, _ diagnostic: Diagnostic) {
    list.append(GraphProblem(kind: kind, keyName: key.name, diagnostic: diagnostic))
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
