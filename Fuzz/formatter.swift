import TileditFixtures
import TileditModel

/// The canonical formatter: formatting is idempotent (fmt(fmt(x)) ==
/// fmt(x)), keeps the blocks (count, kinds up to the rewrite, tiles' types
/// and values, front matter fields, so front matter and tiles end where
/// they ended) and renders the same HTML (`FormatterLaws`, shared with the
/// model's tests). Faults: any trap or a broken law.
@_cdecl("LLVMFuzzerTestOneInput")
public func formatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for dialect in [FrontMatterDialect.yaml, .tiledown] {
        if let violation = FormatterLaws.violation(bytes, dialect: dialect) { fatalError(violation) }
    }
    return 0
}
