import Foundation
import Testing

/// The kind of a `DecodingError`, for tables of expected failures.
enum DecodingErrorKind: String, Sendable {
    case dataCorrupted, valueNotFound, keyNotFound, typeMismatch

    init?(_ error: any Error) {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .dataCorrupted: self = .dataCorrupted
        case .valueNotFound: self = .valueNotFound
        case .keyNotFound: self = .keyNotFound
        case .typeMismatch: self = .typeMismatch
        @unknown default: return nil
        }
    }
}

extension DecodingError {
    var context: Context? {
        switch self {
        case .dataCorrupted(let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .typeMismatch(_, let context):
            return context
        @unknown default:
            return nil
        }
    }

    /// The `byte offset N` our decoder puts into every error it creates.
    var byteOffset: Int? {
        guard let text = context?.debugDescription, let range = text.range(of: "byte offset ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}

/// Runs `body`, expecting a `DecodingError` of `kind` whose message names `offset`.
func expectDecodingError(
    _ kind: DecodingErrorKind, offset: Int?, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(kind), decoding succeeded", sourceLocation: sourceLocation)
    } catch let error as DecodingError {
        #expect(DecodingErrorKind(error) == kind, "\(error)", sourceLocation: sourceLocation)
        if let offset {
            #expect(error.byteOffset == offset, "\(error)", sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected DecodingError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Runs `body`, expecting `EncodingError.invalidValue`.
func expectInvalidValue(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
        try body()
        Issue.record("expected EncodingError.invalidValue, encoding succeeded", sourceLocation: sourceLocation)
    } catch EncodingError.invalidValue {
        // expected
    } catch {
        Issue.record("expected EncodingError.invalidValue, got \(error)", sourceLocation: sourceLocation)
    }
}
