import Testing

/// The texts the command prints about itself, pinned word for word.
@Suite("Help and version")
struct HelpTests {
  @Test("--help lists every option, what the token is sent to, and every exit status")
  func help() async throws {
    for flag in ["--help", "-h"] {
      let run = try await runFollowers([flag])
      #expect(run.status == 0)
      #expect(run.errors == "")
      expectText(
        run.output,
        """
        USAGE: followers [<options>] [<login>]
               followers --graph
               followers --help | --version

        Shows a GitHub user's profile and their followers, a page at a time: the Sheath sample.

        ARGUMENTS:
          <login>                 The GitHub login to show; read from standard input when omitted.

        OPTIONS:
          --mock                  Use the fake API (the same as --environment mock).
          --environment <name>    Where to run: live, mock, test or preview (default: live).
          --api-url <url>         The API's base URL (default: GITHUB_API_URL, or https://api.github.com).
          --timeout <seconds>     How long to wait for each request, in whole seconds from 1 to 3600
                                  (default: 10).
          --page <n>              The first page of followers to show (default: 1).
          --per-page <n>          Followers per page, from 1 to 100 (default: 100).
          --graph                 Print the sample's dependency graph as Graphviz DOT, and exit.
          --version               Show the version, and exit.
          -h, --help              Show this help, and exit.

        On a terminal, a status line shows while a request is waiting, and the followers screen offers
        each next page; when the output goes to a pipe or a file, only the screens' text is written.
        Without a <login>, a person at a terminal is asked for one until it is valid (the question goes
        to standard error when the output is not a terminal); otherwise the first line of input is read.

        ENVIRONMENT:
          GITHUB_TOKEN            Sent as a bearer token only to the API's origin (the scheme, host and
                                  port of its base URL), only over https (or plain http to localhost,
                                  127.0.0.1 or ::1, for testing), and never on a redirect to another
                                  origin. Never printed.
          GITHUB_API_URL          The API's base URL for a live run when --api-url is not given.
          SHEATH_ENV              Where to run when no option says (live, mock, test or preview).

        EXIT STATUS:
          0                       The profile and followers were shown (also when the output is closed
                                  early, as by '| head'), or the help, version or graph.
          1                       The API or the network failed, no login was entered, or the output
                                  could not be written.
          2                       A usage error: an unknown option, a bad value, or an invalid login.
          3                       No GitHub user has that login.
        """)
    }
  }

  @Test("--version prints the version")
  func version() async throws {
    let run = try await runFollowers(["--version"])
    #expect(run.status == 0)
    #expect(run.output == "followers 0.1.0\n")
    #expect(run.errors == "")
  }

  @Test("a usage error prints the message and the usage, with status 2")
  func usage() async throws {
    let run = try await runFollowers(["--timeout", "1e300", "octocat"])
    #expect(run.status == 2)
    #expect(run.output == "")
    expectText(
      run.errors,
      """
      error: --timeout must be a whole number of seconds from 1 to 3600, not '1e300'
      USAGE: followers [<options>] [<login>]
        See 'followers --help' for more information.
      """)
  }
}
