import Testing

/// The end-to-end tests drive the real binary under tmux; one editor at a
/// time, so the suites nested here run one test after another.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct EndToEndTests {}
