/// Running totals of block diagnostics by severity, added to and taken from
/// as blocks are parsed and replaced (notes, severity `.info`, are not
/// counted).
struct DiagnosticTally: Sendable, Equatable {
    private(set) var errors = 0
    private(set) var warnings = 0

    mutating func add(_ diagnostics: [BlockDiagnostic]) {
        count(diagnostics, sign: 1)
    }

    mutating func remove(_ diagnostics: [BlockDiagnostic]) {
        count(diagnostics, sign: -1)
    }

    private mutating func count(_ diagnostics: [BlockDiagnostic], sign: Int) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errors += sign
            case .warning: warnings += sign
            case .info: break
            }
        }
    }
}
