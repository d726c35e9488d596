/// Geometry read from a document, checked: a component that is not a finite number (`inf`,
/// `nan`, `1e400`, text) is never turned into 0 silently.
enum SourceGeometry {
    /// `<rect x= y= width= height=>` as `[x, y, width, height]`. An absent component is 0, as
    /// Interface Builder omits none; one that is present but not a finite number is 0 with an
    /// `invalid-source` warning (an error with `--strict`).
    static func rect(_ element: SourceElement, context: some DiagnosingContext) throws(CompileError) -> [Double] {
        var result: [Double] = []
        for name in ["x", "y", "width", "height"] {
            if let text = element[name], element.number(name) == nil {
                try context.unmodelled(
                    .invalidSource, element, "\(name) \"\(text)\" is not a finite number; 0 is used")
            }
            result.append(element.number(name) ?? 0)
        }
        return result
    }
}

/// Numbers read from a document's attributes, checked: a value that is present but not a finite
/// number in the range its archived key allows is never clamped, turned into infinity by a
/// float32 conversion, or replaced by a default without a word (issue 20).
enum SourceNumber {
    /// The attribute `name` when it is a finite number in `range`; `fallback` when it is absent;
    /// `fallback` with an `invalid-source` warning (an error with `--strict`) when it is present
    /// but not a number, not finite (`inf`, `nan`, `1e400`) or outside `range`.
    static func attribute(
        _ name: String, of element: SourceElement, in range: ClosedRange<Double>, default fallback: Double,
        context: some DiagnosingContext
    ) throws(CompileError) -> Double {
        guard let text = element[name] else { return fallback }
        if let value = element.number(name), range.contains(value) { return value }
        try context.unmodelled(
            .invalidSource, element,
            "\(name) \"\(text)\" is not a number from \(GeometryFormat.text(range.lowerBound)) to "
                + "\(GeometryFormat.text(range.upperBound)); \(GeometryFormat.text(fallback)) is used")
        return fallback
    }

    /// The range of finite float32 values, for attributes archived as float32.
    static let float32Range = -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
}

/// Numbers in messages: `250`, `-3.5`, `3.4028234663852886e+38`.
enum GeometryFormat {
    static func text(_ value: Double) -> String {
        if let integer = Int(exactly: value) { return String(integer) }
        return String(value)
    }
}
