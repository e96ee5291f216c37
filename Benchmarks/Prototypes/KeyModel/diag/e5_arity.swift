extension Keys {
  static var bad: Key<DataController> { Key(.transient, .api, .validator) { a in DataController(api: a, v: Validator()) } }
}
