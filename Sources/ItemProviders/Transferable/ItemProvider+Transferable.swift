extension ItemProvider {
    /// Creates a provider offering `transferable`'s exported
    /// representations, in declaration order.
    ///
    /// ```swift
    /// let provider = ItemProvider(transferable: todoItem)
    /// provider.registeredContentTypes   // [com.example.todo-item, public.utf8-plain-text]
    /// ```
    public convenience init<T: Transferable>(transferable: T) {
        self.init()
        register(transferable)
    }
}
