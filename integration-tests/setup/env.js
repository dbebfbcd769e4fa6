// Medusa's runner reads these at require time; the global setup has resolved the database.
process.env.NODE_ENV ??= "test"
process.env.LOG_LEVEL ??= "error"
