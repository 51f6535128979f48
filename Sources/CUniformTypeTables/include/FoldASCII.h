#ifndef FOLD_ASCII_H
#define FOLD_ASCII_H

/// Copies `count` bytes from `source` to `destination` with the ASCII
/// capitals made lower case; other bytes are copied as they are.
///
/// One function, not a loop at every place a key is folded: each such loop
/// is compiled (and vectorized) on its own, and a process's first type
/// query, which folds several keys, would page in the code of each.
void dk_fold_ascii(unsigned char *destination, const unsigned char *source, long count);

#endif
