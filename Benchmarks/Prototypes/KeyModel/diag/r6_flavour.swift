import SurfaceMainActor
func bad(_ b: inout Bindings) {
  b.bind(.dataController, MainActorKey(.transient, .api, .validator) { DataController(api: $0, v: $1) })
}
