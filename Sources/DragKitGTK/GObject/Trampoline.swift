import CGtk4

// GTK emits signals on the main thread, where the main actor runs; the C
// arguments are handed over to it unchanged (`nonisolated(unsafe)`), since
// they never leave that thread.

/// One non-capturing `@convention(c)` function per C signal signature,
/// each unboxing its ``SignalHandlerBox``.
package enum Trampoline {
    package typealias VoidHandler = @MainActor () -> Void
    package static let void: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<VoidHandler>.from(data).handler() }
    }

    package typealias BoolHandler = @MainActor () -> Bool
    package static let bool: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<BoolHandler>.from(data).handler() ? 1 : 0 }
    }

    package typealias PointHandler = @MainActor (Double, Double) -> Void
    package static let point: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<PointHandler>.from(data).handler(x, y) }
    }

    package typealias PointObjectHandler = @MainActor (Double, Double) -> gpointer?
    package static let pointObject: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = { _, x, y, data in
        nonisolated(unsafe) let data = data
        // The pointer crosses the isolation check as its bit pattern.
        let bits = MainActor.assumeIsolated { Int(bitPattern: SignalHandlerBox<PointObjectHandler>.from(data).handler(x, y)) }
        return UnsafeMutableRawPointer(bitPattern: bits)
    }

    package typealias ObjectHandler = @MainActor (OpaquePointer) -> Void
    package static let object: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, object, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<ObjectHandler>.from(data).handler(object!) }
    }

    package typealias ObjectBoolHandler = @MainActor (OpaquePointer) -> Bool
    package static let objectBool: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, object, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectBoolHandler>.from(data).handler(object!) ? 1 : 0 }
    }

    package typealias ObjectFlagHandler = @MainActor (OpaquePointer, Bool) -> Void
    package static let objectFlag: @convention(c) (gpointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, object, flag, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<ObjectFlagHandler>.from(data).handler(object!, flag != 0) }
    }

    package typealias ObjectEnumBoolHandler = @MainActor (OpaquePointer, UInt32) -> Bool
    package static let objectEnumBool: @convention(c) (gpointer?, OpaquePointer?, UInt32, gpointer?) -> gboolean = { _, object, value, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectEnumBoolHandler>.from(data).handler(object!, value) ? 1 : 0 }
    }

    package typealias ObjectPointActionHandler = @MainActor (OpaquePointer, Double, Double) -> UInt32
    package static let objectPointAction: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> UInt32 = { _, object, x, y, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectPointActionHandler>.from(data).handler(object!, x, y) }
    }

    package typealias ObjectPointBoolHandler = @MainActor (OpaquePointer, Double, Double) -> Bool
    package static let objectPointBool: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = { _, object, x, y, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectPointBoolHandler>.from(data).handler(object!, x, y) ? 1 : 0 }
    }

    /// A signal with one pointer argument the handler does not need (an
    /// action's parameter, a dialog's response when only "it happened" matters).
    package static let ignoringArgument: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<VoidHandler>.from(data).handler() }
    }

    package typealias IntHandler = @MainActor (Int32) -> Void
    package static let int: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<IntHandler>.from(data).handler(value) }
    }
}
