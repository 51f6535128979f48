import CGtk4

// GTK emits signals on the main thread, where the main actor runs; the C
// arguments are handed over to it unchanged (`nonisolated(unsafe)`), since
// they never leave that thread.

/// One non-capturing `@convention(c)` function per C signal signature,
/// each unboxing its ``SignalHandlerBox``.
enum Trampoline {
    typealias VoidHandler = @MainActor () -> Void
    static let void: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<VoidHandler>.from(data).handler() }
    }

    typealias BoolHandler = @MainActor () -> Bool
    static let bool: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<BoolHandler>.from(data).handler() ? 1 : 0 }
    }

    typealias PointHandler = @MainActor (Double, Double) -> Void
    static let point: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<PointHandler>.from(data).handler(x, y) }
    }

    typealias PointObjectHandler = @MainActor (Double, Double) -> gpointer?
    static let pointObject: @convention(c) (gpointer?, Double, Double, gpointer?) -> gpointer? = { _, x, y, data in
        nonisolated(unsafe) let data = data
        // The pointer crosses the isolation check as its bit pattern.
        let bits = MainActor.assumeIsolated { Int(bitPattern: SignalHandlerBox<PointObjectHandler>.from(data).handler(x, y)) }
        return UnsafeMutableRawPointer(bitPattern: bits)
    }

    typealias ObjectHandler = @MainActor (OpaquePointer) -> Void
    static let object: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, object, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<ObjectHandler>.from(data).handler(object!) }
    }

    typealias ObjectBoolHandler = @MainActor (OpaquePointer) -> Bool
    static let objectBool: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, object, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectBoolHandler>.from(data).handler(object!) ? 1 : 0 }
    }

    typealias ObjectFlagHandler = @MainActor (OpaquePointer, Bool) -> Void
    static let objectFlag: @convention(c) (gpointer?, OpaquePointer?, gboolean, gpointer?) -> Void = { _, object, flag, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<ObjectFlagHandler>.from(data).handler(object!, flag != 0) }
    }

    typealias ObjectEnumBoolHandler = @MainActor (OpaquePointer, UInt32) -> Bool
    static let objectEnumBool: @convention(c) (gpointer?, OpaquePointer?, UInt32, gpointer?) -> gboolean = { _, object, value, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectEnumBoolHandler>.from(data).handler(object!, value) ? 1 : 0 }
    }

    typealias ObjectPointActionHandler = @MainActor (OpaquePointer, Double, Double) -> UInt32
    static let objectPointAction: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> UInt32 = { _, object, x, y, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectPointActionHandler>.from(data).handler(object!, x, y) }
    }

    typealias ObjectPointBoolHandler = @MainActor (OpaquePointer, Double, Double) -> Bool
    static let objectPointBool: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = { _, object, x, y, data in
        nonisolated(unsafe) let object = object
        nonisolated(unsafe) let data = data
        return MainActor.assumeIsolated { SignalHandlerBox<ObjectPointBoolHandler>.from(data).handler(object!, x, y) ? 1 : 0 }
    }

    /// A signal with one pointer argument the handler does not need (an
    /// action's parameter, a dialog's response when only "it happened" matters).
    static let ignoringArgument: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<VoidHandler>.from(data).handler() }
    }

    typealias IntHandler = @MainActor (Int32) -> Void
    static let int: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<IntHandler>.from(data).handler(value) }
    }
}
