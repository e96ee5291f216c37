extension Keys {
  static var bad: Key<DataController> { Key(.transient, .validator, .validator) { (a: API, v: Validator) in DataController(api: a, v: v) } }
}
