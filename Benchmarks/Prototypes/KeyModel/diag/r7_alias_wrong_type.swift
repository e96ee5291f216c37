func bad(_ b: inout Bindings) {
  b.bind(.api, .validator)
}
