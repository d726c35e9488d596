/// `<predicateEditor>` → `NSPredicateEditor` (an `NSRuleEditor`) with its
/// `<predicateEditorRowTemplate>`s → `NSPredicateEditorRowTemplate`, learned from the one pair
/// that has one, `pred_compound_chain` (a compound row template); every other variant is refused.
///
/// | Key | Source |
/// |---|---|
/// | view keys | ``AppKitViewEncoder`` (hugging default `{250, 750}`); `NSSubviews` the slice holder, `NSNextKeyView` it, `NSDragTypes` {`NSRuleEditorItemPBoardType`} |
/// | control keys | enabled, regular size, not continuous, natural alignment 0, line break mode 0, writing direction 0, send-action mask 4 (no cell) |
/// | `NSRuleEditorNestingMode` | `nestingMode`: single 0, list 1, compound 2, simple 3 |
/// | `NSRuleEditorSliceHeight` | `rowHeight` |
/// | `NSRuleEditorAlignmentGridWidth` | 75 |
/// | `NSRuleEditorEditable`, `…AllowsEmptyCompoundRows`, `…DisallowEmpty` | true, false, true |
/// | key paths | `rowType`, `subrows`, `criteria`, `displayValues`, `boundArray`; row class `NSMutableDictionary` |
/// | `NSRuleEditorSlicesHolder` | an `_NSRuleEditorViewSliceHolder` subview as large as the editor, mask 274, no subviews (not tracked) |
/// | `NSRuleEditorBoundArrayOwner` | an `_NSRuleEditorViewUnboundRowHolder` with an empty `NSBoundArray` |
/// | `NSRuleEditorSlices` | empty; `NSRuleEditorFormattingDictionary` empty; delegate and `NSPredicateEditorPredicate` nil |
/// | `NSPredicateTemplates` | the row templates (tracked, parent the editor) |
///
/// A compound row template archives type 2, options, modifier and attribute types 0, no
/// wildcards, and `NSPredicateTemplateViews`: one `NSPopUpButton` per `<menu>` of `<popUpMenus>`
/// (not tracked; its menu is, with the template as parent). The pop-ups are AppKit's own: a
/// rounded-rect (bezel 12) 11-point pop-up cell whose selected item is the one whose `state` is
/// on (its represented object also the cell's), tag −1, frames laid out left to right from x = 7
/// with 6 points between them, y = 1, height 24. Their widths are AppKit's text measurements of
/// the items' titles, which the compiler cannot make: only the menus of the pair are known
/// (``knownPopUpWidths``).
enum PredicateEditorRule {
    /// The predicate editor attributes this rule reads.
    static let attributes: Set<String> = ["nestingMode", "rowHeight"]
    /// `nestingMode` → `NSRuleEditorNestingMode`.
    static let nestingModes: [String: Int] = ["single": 0, "list": 1, "compound": 2, "simple": 3]
    /// `rowType` → `NSPredicateTemplateType` (only the compound template is in the pairs).
    static let rowTypes: [String: Int] = ["compound": 2]
    /// The width AppKit gave a template pop-up, by its items' titles joined with "|"
    /// (`pred_compound_chain`).
    static let knownPopUpWidths: [String: Double] = ["Any|All|None": 68, "of the following are true": 173]

    /// The archived predicate editor for `element`.
    static func predicateEditor(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        if element["customClass"] != nil {
            try context.unmodelled(.unsupportedAttribute, element, "a predicate editor class is not modelled")
        }
        let editor = ArchivedObject("NSPredicateEditor")
        context.track(editor, id: element["id"], parent: parent)
        let kind = AppKitViewEncoder.Kind(
            attributes: attributes, children: ["rowTemplates"], hugging: (250, 750),
            dragTypes: ["NSRuleEditorItemPBoardType"])
        let children = try views.encodeView(element, editor, superview: superview, kind: kind)
        guard editor.object(forKey: "NSSubviews") == nil else {
            throw context.error(.unsupportedElement, element, "subviews of a predicate editor are not supported")
        }
        let size = try ScrollViewRule.rect(element, context)
        let holder = ArchivedObject("_NSRuleEditorViewSliceHolder")
        holder.set("NSNextResponder", editor)
        holder.set("NSNibTouchBar", .null)
        holder.set("NSvFlags", int: 274)
        holder.set("NSSubviews", .collection("NSMutableArray", []))
        holder.set("NSFrameSize", .string(AppKitContext.text([size[2], size[3]])))
        holder.set("NSSuperview", editor)
        holder.set("NSNextKeyView", .null)
        holder.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        holder.set("IBNSSafeAreaLayoutGuide", .null)
        holder.set("IBNSLayoutMarginsGuide", .null)
        holder.set("IBNSClipsToBounds", int: 0)
        editor.set("NSSubviews", .collection("NSMutableArray", [holder]))
        editor.set("NSNextKeyView", holder)

        editor.set("NSEnabled", .bool(true))
        editor.set("NSAllowsLogicalLayoutDirection", .bool(false))
        editor.set("NSControlSize", int: 0)
        editor.set("NSControlContinuous", .bool(false))
        editor.set("NSControlRefusesFirstResponder", .bool(false))
        editor.set("NSControlUsesSingleLineMode", .bool(false))
        editor.set("NSControlTextAlignment", int: 0)
        editor.set("NSControlLineBreakMode", int: 0)
        editor.set("NSControlWritingDirection", int: 0)
        editor.set("NSControlSendActionMask", int: 4)

        guard let modeName = element["nestingMode"], let mode = nestingModes[modeName] else {
            throw context.error(
                .unsupportedAttribute, element, "a predicate editor needs a known nestingMode (compound in the pairs)")
        }
        guard let rowHeight = element.number("rowHeight"), rowHeight.isFinite, rowHeight > 0 else {
            throw context.error(.unsupportedAttribute, element, "a predicate editor needs a positive rowHeight")
        }
        editor.set("NSRuleEditorAlignmentGridWidth", .float64(75))
        editor.set("NSRuleEditorSliceHeight", .float64(rowHeight))
        editor.set("NSRuleEditorFormattingDictionary", .dictionary("NSDictionary", []))
        editor.set("NSRuleEditorEditable", .bool(true))
        editor.set("NSRuleEditorAllowsEmptyCompoundRows", .bool(false))
        editor.set("NSRuleEditorDisallowEmpty", .bool(true))
        editor.set("NSRuleEditorNestingMode", int: mode)
        editor.set("NSRuleEditorRowTypeKeyPath", .string("rowType"))
        editor.set("NSRuleEditorSubrowsArrayKeyPath", .string("subrows"))
        editor.set("NSRuleEditorItemsKeyPath", .string("criteria"))
        editor.set("NSRuleEditorValuesKeyPath", .string("displayValues"))
        editor.set("NSRuleEditorBoundArrayKeyPath", .string("boundArray"))
        editor.set("NSRuleEditorRowClass", .string("NSMutableDictionary"))
        editor.set("NSRuleEditorSlicesHolder", holder)
        editor.set("NSRuleEditorDelegate", .null)
        let owner = ArchivedObject("_NSRuleEditorViewUnboundRowHolder")
        owner.set("NSBoundArray", .collection("NSMutableArray", []))
        editor.set("NSRuleEditorBoundArrayOwner", owner)
        editor.set("NSRuleEditorSlices", .collection("NSMutableArray", []))
        var templates: [ArchivedObject] = []
        for child in children {
            for template in child.children {
                templates.append(try rowTemplate(template, editor: editor, context: context))
            }
        }
        editor.set("NSPredicateTemplates", .collection("NSArray", templates))
        editor.set("NSPredicateEditorPredicate", .null)
        return editor
    }

    /// One `<predicateEditorRowTemplate>`, tracked with the editor as its parent.
    static func rowTemplate(_ element: SourceElement, editor: ArchivedObject, context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        guard element.name == "predicateEditorRowTemplate" else {
            throw context.error(
                .unsupportedElement, element, "<\(element.name)> in row templates is not modelled")
        }
        for name in element.attributes.keys where name != "id" && name != "rowType" {
            try context.unmodelled(
                .unsupportedAttribute, element, "attribute \(name) on a row template is not modelled")
        }
        guard let typeName = element["rowType"], let type = rowTypes[typeName] else {
            throw context.error(
                .unsupportedAttribute, element, "only compound row templates are modelled")
        }
        let template = ArchivedObject("NSPredicateEditorRowTemplate")
        context.track(template, id: element["id"], parent: editor)
        var menus: [SourceElement] = []
        for child in element.children {
            guard child.name == "popUpMenus" else {
                throw context.error(
                    .unsupportedElement, child, "<\(child.name)> in a row template is not modelled")
            }
            for menu in child.children {
                guard menu.name == "menu" else {
                    throw context.error(.unsupportedElement, menu, "<\(menu.name)> in pop-up menus is not supported")
                }
                menus.append(menu)
            }
        }
        var popUps: [ArchivedObject] = []
        var x = 7.0
        for menuElement in menus {
            let popUp = try self.popUp(menuElement, x: x, template: template, context: context)
            if let previous = popUps.last { previous.replace("NSNextKeyView", .object(popUp.object)) }
            popUps.append(popUp.object)
            x += popUp.width + 6
        }
        template.set("NSPredicateTemplateType", int: type)
        template.set("NSPredicateTemplateOptions", int: 0)
        template.set("NSPredicateTemplateModifier", int: 0)
        template.set("NSPredicateTemplateLeftAttributeType", int: 0)
        template.set("NSPredicateTemplateRightAttributeType", int: 0)
        template.set("NSPredicateTemplateViews", .collection("NSArray", popUps))
        template.set("NSPredicateTemplateLeftIsWildcard", .bool(false))
        template.set("NSPredicateTemplateRightIsWildcard", .bool(false))
        return template
    }

    /// The pop-up AppKit makes for one template menu at `x`, and its width.
    private static func popUp(
        _ menuElement: SourceElement, x: Double, template: ArchivedObject, context: AppKitContext
    ) throws(CompileError) -> (object: ArchivedObject, width: Double) {
        let itemElements = menuElement.child("items")?.children ?? []
        let titles = itemElements.map { $0["title"] ?? "" }.joined(separator: "|")
        guard let width = knownPopUpWidths[titles] else {
            throw context.error(
                .unsupportedElement, menuElement,
                "the width AppKit gives this template pop-up comes from text measurements not modelled yet")
        }
        let popUp = ArchivedObject("NSPopUpButton")
        let cell = ArchivedObject("NSPopUpButtonCell")
        let menu = try MenuRule.menu(menuElement, parent: template, popUp: (cell, pullsDown: false), context: context)
        let items = menu.object(forKey: "NSMenuItems")?.referencedObjects ?? []
        let selected = zip(itemElements, items).first { $0.0["state"] == "on" }?.1
        guard let selected else {
            throw context.error(.unsupportedElement, menuElement, "a template pop-up menu needs an item that is on")
        }
        popUp.set("NSNextResponder", .null)
        popUp.set("NSNibTouchBar", .null)
        popUp.set("NSvFlags", int: 256)
        popUp.set("NSFrame", .string(AppKitContext.text([x, 1, width, 24])))
        popUp.set("NSSuperview", .null)
        popUp.set("NSNextKeyView", .null)
        popUp.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
        popUp.set("IBNSSafeAreaLayoutGuide", .null)
        popUp.set("IBNSLayoutMarginsGuide", .null)
        popUp.set("IBNSClipsToBounds", int: 0)
        popUp.set("NSTag", int: -1)
        popUp.set("NSEnabled", .bool(true))
        popUp.set("NSCell", cell)
        popUp.set("NSAllowsLogicalLayoutDirection", .bool(false))
        popUp.set("NSControlSize", int: 0)
        popUp.set("NSControlContinuous", .bool(false))
        popUp.set("NSControlRefusesFirstResponder", .bool(false))
        popUp.set("NSControlUsesSingleLineMode", .bool(false))
        popUp.set("NSControlTextAlignment", int: 4)
        popUp.set("NSControlLineBreakMode", int: 4)
        popUp.set("NSControlWritingDirection", int: -1)
        popUp.set("NSControlSendActionMask", int: 4)
        popUp.set("IBNSShadowedSymbolConfiguration", .null)

        cell.set("NSCellFlags", int: 0x0400_0040)
        cell.set("NSCellFlags2", int: 0x1000_0800)
        cell.set(
            "NSSupport",
            AppKitFontRule.make(
                name: AppKitFontRule.system, size: 11, type: 12, textStyle: nil, usesAppearanceSize: false))
        if let represented = selected.value(forKey: "NSRepObject") { cell.set("NSRepresentedObject", represented) }
        cell.set("NSControlView", popUp)
        cell.set("NSButtonFlags", .integer(Int64(Int32(bitPattern: 0x8680_4000))))
        cell.set("NSButtonFlags2", int: 0x24)
        cell.set("NSBezelStyle", int: 12)
        cell.set("NSKeyEquivalent", .string(""))
        cell.set("NSPeriodicDelay", int: 400)
        cell.set("NSPeriodicInterval", int: 75)
        cell.set("NSAuxButtonType", int: -1)
        cell.set("NSMenuItem", selected)
        cell.set("NSMenuItemRespectAlignment", .bool(true))
        cell.set("NSMenu", menu)
        cell.set("NSPreferredEdge", int: 1)
        cell.set("NSUsesItemFromMenu", .bool(true))
        cell.set("NSAltersState", .bool(true))
        cell.set("NSArrowPosition", int: 2)
        return (popUp, width)
    }
}
