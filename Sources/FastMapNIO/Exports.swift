#if NIO
    // `import FastMapNIO` gives FastMap's API and the ByteBuffer entry points together.
    @_exported public import FastMap
#endif
