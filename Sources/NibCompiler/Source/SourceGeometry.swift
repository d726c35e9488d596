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
