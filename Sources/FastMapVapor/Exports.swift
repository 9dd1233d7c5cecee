#if Vapor
    // `import FastMapVapor` gives FastMap's API and the ByteBuffer entry points with the coders.
    @_exported public import FastMapNIO
#endif
