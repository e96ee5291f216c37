import FollowersKit
import SheathTesting
import Testing

/// The view models hold their views weakly, as the articles the sample follows do: in UIKit the view
/// controller owns its view model, so a strong reference back would be a retain cycle. Whoever shows a
/// screen keeps its view alive; in the terminal front end, the navigator does.
@Suite("Views held weakly")
@MainActor
struct WeakViewTests {
  private let data = FollowersDataController(api: FakeUserAPI())

  @Test("the registration view model does not keep its view alive")
  func registration() {
    weak var dropped: RecordingRegistrationView?
    let viewModel: RegistrationViewModel
    do {
      let view = RecordingRegistrationView()
      dropped = view
      viewModel = RegistrationViewModel(view: view, validator: LoginValidator())
      #expect(viewModel.view === view)
    }
    #expect(dropped == nil)
    #expect(viewModel.view == nil)
  }

  @Test("the profile view model does not keep its view alive")
  func profile() {
    weak var dropped: RecordingProfileView?
    let viewModel: ProfileViewModel
    do {
      let view = RecordingProfileView()
      dropped = view
      viewModel = ProfileViewModel(view: view, data: data, formatter: ProfileFormatter())
      #expect(viewModel.view === view)
    }
    #expect(dropped == nil)
    #expect(viewModel.view == nil)
  }

  @Test("the followers view model does not keep its view alive")
  func followers() {
    weak var dropped: RecordingFollowersView?
    let viewModel: FollowersViewModel
    do {
      let view = RecordingFollowersView()
      dropped = view
      viewModel = FollowersViewModel(
        view: view, formatter: FollowersListFormatter(),
        makePager: { [data] in FollowersPager(query: $0, data: data) })
      #expect(viewModel.view === view)
    }
    #expect(dropped == nil)
    #expect(viewModel.view == nil)
  }

  @Test("the navigator keeps each view while its screen runs: terminal screens, which keep none, show every screen")
  func navigatorKeepsTheViews() async throws {
    let graph = try TestGraph(modules: [FollowersAppModule()]).graph
    let terminal = ScriptedTerminal(answers: ["nameless"])
    let navigator = graph.make(.navigator, TerminalScreens(terminal: terminal))
    #expect(await navigator.start(login: nil, page: 1) == .finished)
    expectText(
      terminal.output,
      """
      [status: Loading @nameless…]
      @nameless
      2 followers
      Followed by octocat and lonely-dev
      [status: Loading followers of @nameless…]

      Followers of @nameless (showing 1–2 of 2)
      octocat
      lonely-dev
      """)
  }
}
