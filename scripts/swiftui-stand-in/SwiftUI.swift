// A SwiftUI STAND-IN for type-checking on Linux. This is NOT SwiftUI.
//
// SwiftUI exists on Apple platforms only, so the SwiftUI example in README.md ("Using with
// SwiftUI") could never be compiled by this package's CI. This file declares the small part
// of SwiftUI's public API that the example uses, with the signatures of Apple's
// documentation (isolation, generic parameters and constraints, argument labels, defaults),
// so that `scripts/check-doc-snippets.sh` can build it as a module named `SwiftUI` and
// type-check the example against it and against this package's modules.
//
// Nothing here draws anything or is ever run: bodies are placeholders, views store nothing
// they do not need, and the module is built with `-emit-module` only (never linked). It
// proves that the example's types line up (an exhaustive `switch` in a `@ViewBuilder`,
// `@Bindable` and `$viewModel.query.value`, key paths, closures, Swift 6 isolation); it does
// not prove that the example renders well. Add a declaration here when the example starts
// using one that is missing, copying its signature from Apple's documentation.
//
// Where it simplifies: `ViewBuilder.buildBlock` takes a parameter pack (SwiftUI: ten
// overloads); `LocalizedStringKey` interpolates strings, `Text` and the integer and floating
// types only; modifiers all return one internal `ModifiedView` behind `some View`; closures
// written `@ContentBuilder` in the newest SDKs are `@ViewBuilder` here (the same builder for
// views). Types are `View`s and so main-actor isolated, initializers and modifiers
// `nonisolated`, as in SwiftUI.

import Foundation
import Observation

// MARK: - View and its builder

/// A piece of user interface (stand-in for `SwiftUI.View`).
@MainActor @preconcurrency
public protocol View {
    /// The type of view that `body` returns.
    associatedtype Body: View

    /// The content of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Views that SwiftUI draws itself have no body; reading it stops the program. Unreachable
/// here: the stand-in is type-checked, never run.
extension View where Body == Never {
    /// Not available: a primitive view has no body.
    public var body: Never { primitiveViewHasNoBody() }
}

private func primitiveViewHasNoBody() -> Never {
    preconditionFailure("SwiftUI stand-in: type-checking only, views are never rendered")
}

extension Never: View {
    /// `Never` is its own body: there is none.
    public typealias Body = Never

    /// Not available: no value of `Never` exists.
    public var body: Never { self }
}

/// Builds views from the statements of a closure (stand-in for `SwiftUI.ViewBuilder`).
@resultBuilder
public struct ViewBuilder {
    /// An empty block builds an empty view.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block with one view builds that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block with several views builds a tuple of them.
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    /// Each expression statement must be a view.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else` builds an optional view.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}

/// Several views built from one block.
public struct TupleView<T>: View {
    /// Wraps the views.
    nonisolated public init(_ value: T) {}
}

/// One of two views, chosen by a condition.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {}

extension Optional: View where Wrapped: View {}

/// A type-erased view.
public struct AnyView: View {
    /// Erases the type of `view`.
    nonisolated public init<V: View>(_ view: V) {}
}

// MARK: - Views

/// A view that shows nothing.
public struct EmptyView: View {
    /// Creates the empty view.
    nonisolated public init() {}
}

/// A key into the localized strings table; a string literal with interpolations becomes one.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    private let key: String

    /// Creates a key from a string.
    public init(_ value: String) { key = value }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) { key = value }

    /// Creates a key from an interpolated string literal.
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

    /// The interpolations a localized string key accepts.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var key = ""

        /// Prepares an interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) { key += literal }

        /// Appends a string.
        public mutating func appendInterpolation(_ string: String) { key += "%@" }

        /// Appends a number or other value that has a format specifier.
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
            key += "%lld"
        }

        /// Appends a text view.
        public mutating func appendInterpolation(_ text: Text) { key += "%@" }
    }
}

/// Values that `LocalizedStringKey` interpolates with a format specifier.
public protocol _FormatSpecifiable: Equatable {}

extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// A view that shows read-only text.
public struct Text: View, Equatable, Sendable {
    /// Text from a localized string key (what a string literal becomes).
    nonisolated public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {}

    /// Text from a string, shown as it is.
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) {}

    /// Text from a string, never localized.
    nonisolated public init(verbatim content: String) {}

    /// The same text in `font`.
    nonisolated public func font(_ font: Font?) -> Text { self }
}

/// A font (stand-in: only the text styles the example uses, and a few more).
public struct Font: Hashable, Sendable {
    private let style: String

    /// A title.
    public static let title = Font(style: "title")
    /// A headline.
    public static let headline = Font(style: "headline")
    /// The body text.
    public static let body = Font(style: "body")
    /// A caption.
    public static let caption = Font(style: "caption")
}

/// A scrolling list of rows.
public struct List<SelectionValue: Hashable, Content: View>: View {
    /// A list of the views `content` builds, without selection.
    nonisolated public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {}
}

/// Views computed on demand from a collection of identified data.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
    /// Views for `data`, each identified by the value at `id`.
    nonisolated public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
}

/// The horizontal alignment of a stack's children.
public struct HorizontalAlignment: Equatable, Sendable {
    private let name: String

    /// Leading edges aligned.
    public static let leading = HorizontalAlignment(name: "leading")
    /// Centers aligned.
    public static let center = HorizontalAlignment(name: "center")
    /// Trailing edges aligned.
    public static let trailing = HorizontalAlignment(name: "trailing")
}

/// The vertical alignment of a stack's children.
public struct VerticalAlignment: Equatable, Sendable {
    private let name: String

    /// Top edges aligned.
    public static let top = VerticalAlignment(name: "top")
    /// Centers aligned.
    public static let center = VerticalAlignment(name: "center")
    /// Bottom edges aligned.
    public static let bottom = VerticalAlignment(name: "bottom")
}

/// An alignment in both axes.
public struct Alignment: Equatable, Sendable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment

    /// Creates an alignment.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centered in both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
}

/// Views stacked vertically.
public struct VStack<Content: View>: View {
    /// A stack of the views `content` builds.
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}
}

/// A type-erased list of navigation destinations.
public struct NavigationPath {
    /// An empty path.
    public init() {}
}

/// A view that shows a root view and the views pushed onto it.
public struct NavigationStack<Data, Root: View>: View {
    /// A navigation stack that manages its own path.
    nonisolated public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {}
}

/// A progress indicator.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    /// An indeterminate progress indicator without a label.
    nonisolated public init() where Label == EmptyView, CurrentValueLabel == EmptyView {}
}

/// An editable text field.
public struct TextField<Label: View>: View {
    /// A text field with a localized title, editing `text`.
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>)
    where Label == Text {}

    /// A text field with a title shown as it is, editing `text`.
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>)
    where Label == Text {}
}

// MARK: - Bindings

/// Read and write access to a value owned elsewhere.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
    }

    /// The value, read and written through the binding.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding itself (`$value`).
    public var projectedValue: Binding<Value> { self }

    /// A binding to the property of the value at `keyPath`.
    public subscript<Subject>(
        dynamicMember keyPath: WritableKeyPath<Value, Subject>
    ) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

/// Makes bindings to the mutable properties of an observable object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    private var object: Value

    /// The object.
    public var wrappedValue: Value {
        get { object }
        set { object = newValue }
    }

    /// The bindable itself (`$object`), which makes bindings by dynamic member lookup.
    public var projectedValue: Bindable<Value> { self }

    // The initializers are members of the declaration with a `where` clause, not of a
    // constrained extension: the compiler gives a memberwise initializer the wrapped type
    // (`ImageSearchView(viewModel: model)`) only for an `init(wrappedValue:)` declared here.

    /// A bindable for an observable object (what `@Bindable var object` calls).
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable {
        object = wrappedValue
    }

    /// A bindable for an observable object, for use inside expressions.
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable {
        object = wrappedValue
    }

    /// A bindable for the object of another bindable.
    public init(projectedValue: Bindable<Value>) where Value: AnyObject, Value: Observable {
        self = projectedValue
    }
}

extension Bindable where Value: AnyObject {
    /// A binding to the property of the object at `keyPath`.
    public subscript<Subject>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
    ) -> Binding<Subject> {
        let object = wrappedValue
        return Binding<Subject>(
            get: { object[keyPath: keyPath] },
            set: { object[keyPath: keyPath] = $0 })
    }
}

// MARK: - Modifiers

/// Where `searchable` places its search field.
public struct SearchFieldPlacement: Sendable {
    private let name: String

    /// Where the platform puts it.
    public static let automatic = SearchFieldPlacement(name: "automatic")
}

/// The user actions that trigger an `onSubmit` action.
public struct SubmitTriggers: OptionSet, Sendable {
    /// The triggers' bits.
    public let rawValue: UInt

    /// Creates a set of triggers.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Return in a `TextField` or `SecureField`.
    public static let text = SubmitTriggers(rawValue: 1 << 0)
    /// Return in the search field of `searchable`.
    public static let search = SubmitTriggers(rawValue: 1 << 1)
}

/// A view with a modifier applied (what every modifier here returns, behind `some View`).
struct ModifiedView<Content: View>: View {
    nonisolated init(_ content: Content) {}
}

extension View {
    /// Sets the font of the text in this view.
    nonisolated public func font(_ font: Font?) -> some View { ModifiedView(self) }

    /// Performs `action` when the view is tapped `count` times.
    nonisolated public func onTapGesture(
        count: Int = 1, perform action: @escaping () -> Void
    ) -> some View { ModifiedView(self) }

    /// Performs `action` before the view appears.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        ModifiedView(self)
    }

    /// Layers the views `content` builds in front of this view.
    nonisolated public func overlay<V: View>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View { ModifiedView(self) }

    /// Adds a search field that edits `text`.
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil
    ) -> some View { ModifiedView(self) }

    /// Adds a search field that edits `text`, with a localized prompt.
    nonisolated public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey
    ) -> some View { ModifiedView(self) }

    /// Performs `action` when the user submits a value through one of `triggers`.
    nonisolated public func onSubmit(
        of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void
    ) -> some View { ModifiedView(self) }

    /// Sets the navigation title from a localized string key.
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        ModifiedView(self)
    }

    /// Sets the navigation title from a string shown as it is.
    @_disfavoredOverload
    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        ModifiedView(self)
    }

    /// Sets the navigation title from a text view.
    nonisolated public func navigationTitle(_ title: Text) -> some View { ModifiedView(self) }
}
