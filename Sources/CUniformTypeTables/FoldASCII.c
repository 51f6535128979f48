#include "FoldASCII.h"

void dk_fold_ascii(unsigned char *destination, const unsigned char *source, long count) {
    for (long index = 0; index < count; index += 1) destination[index] = dk_fold_byte(source[index]);
}
