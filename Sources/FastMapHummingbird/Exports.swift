#if Hummingbird
    // `import FastMapHummingbird` gives FastMap's API and the ByteBuffer entry points with the coders.
    @_exported public import FastMapNIO
#endif
