// The trimmed ICU data has no C interface: ICU finds it by its symbol (icudata.S).
