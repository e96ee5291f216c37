/// Building shared instances: once per owning graph, coordinated across its family, with no lock held
/// while a factory runs. Main-actor keys come through here too; the main actor runs one factory at a
/// time, so their builds never wait for each other.
extension Graph {
  /// Builds the instance of `key` this graph caches, or waits for the thread that is building it.
  ///
  /// `prepare` makes the value ready for the instance table (``InstanceTable/Stored``): passed by the
  /// specialized caller, where the value's type is known, since this generic function would copy it
  /// through the type's metadata, and look up its `Box` type in the runtime, on every build.
  @usableFromInline
  func buildSharedInstance<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, _ run: (Binding<Factory>, Graph, Resolver) -> Value,
    prepare: (Value) -> InstanceTable.Stored
  ) -> Value {
    let slot = key.slot
    let id = BuildCoordinator.BuildID(owner: ObjectIdentifier(self), slot: slot)
    let instances = self.instances
    var found: StoredInstance?
    // The closures capture the slot, not the key: a captured key was retained around the claim.
    let unretainedKey = Unretained(key)
    let claim = withCoordinator {
      $0.claim(id, key: unretainedKey) {
        found = instances.load(slot)
        return found != nil
      }
    }
    switch claim {
    case .existing:
      // Stored under the lock by a finished build, never removed while the graph lives.
      return found.unsafelyUnwrapped.value(as: Value.self)
    case .reentered:
      ResolutionStack.stop(.cycle(ResolutionStack.cycle(reentering: key)))
    case .claimed:
      let value = build(key, binding, run)
      // Prepared, and boxed if need be, before the lock is taken.
      let stored = prepare(value)
      withCoordinator { $0.finish(id) { instances.store(stored, at: slot) } }
      return value
    }
  }

  /// The instance this graph holds weakly for `key`, rebuilt when nobody holds it any more.
  @usableFromInline
  func weakInstance<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    let id = BuildCoordinator.BuildID(owner: ObjectIdentifier(self), slot: key.slot)
    let instances = self.instances
    var cell: WeakBox?
    var found: Value?
    // Under the lock: find or make the cell, and take what it holds. The cell held what this
    // factory returned, so the cast back succeeds.
    let claim = coordinator.claim(id, key: Unretained(key)) {
      let box =
        instances.value(key.slot, as: WeakBox.self)
        ?? {
          let box = WeakBox()
          instances.store(box, at: key.slot)
          return box
        }()
      cell = box
      found = box.object.flatMap { $0 as? Value }
      return found != nil
    }
    switch claim {
    case .existing:
      return found.unsafelyUnwrapped
    case .reentered:
      ResolutionStack.stop(.cycle(ResolutionStack.cycle(reentering: key)))
    case .claimed:
      let value = build(key, binding, run)
      switch WeakHold(value) {
      case .object(let object):
        coordinator.finish(id) { cell?.object = object }
      case .nothing:
        coordinator.finish(id) {}
      case .notAnObject(let type):
        coordinator.finish(id) {}
        ResolutionFailure.weakValueNotAnObject(key, valueType: type).trap()
      }
      return value
    }
  }

  /// Runs the factory of a shared instance of this graph. Its resolver refers to the graph through
  /// the graph's anchor, so that nothing the instance keeps from it keeps the graph alive.
  private func build<Factory, Value>(
    _ key: Keys, _ binding: Binding<Factory>, _ run: (Binding<Factory>, Graph, Resolver) -> Value
  ) -> Value {
    if binding.tracksUsage { binding.markUsed(key) }
    let resolver = Resolver(GraphReference(.anchored(anchor)))
    let state = ResolutionStack.enter(key, binding.lifetime, binding, in: self)
    defer { ResolutionStack.exit(state) }
    return lending { run(binding, self, resolver) }
  }
}

/// What a `.weak` lifetime can hold of a value: the object, or nothing for `nil`.
enum WeakHold {
  case object(AnyObject)
  /// `nil`: nothing to hold, nothing cached; the next resolution builds again.
  case nothing
  /// A value type, which `.weak` cannot hold: its type's name.
  case notAnObject(String)

  init<Value>(_ value: Value) {
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else {
        self = .nothing
        return
      }
      self.init(wrapped)
      return
    }
    guard type(of: value as Any) is AnyObject.Type else {
      self = .notAnObject(describeType(type(of: value as Any)))
      return
    }
    self = .object(value as AnyObject)
  }
}

/// An `Optional` of any type, to look inside: its value, or its wrapped type.
protocol OptionalValue {
  var wrappedValue: Any? { get }
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalValue {
  var wrappedValue: Any? { self.map { $0 as Any } }
  static var wrappedType: Any.Type { Wrapped.self }
}
