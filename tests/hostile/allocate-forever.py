# Allocates without bound: under the address-space limit Python raises MemoryError,
# which the judge must call MLE, not RE.
blocks = []
while True:
    blocks.append(bytearray(1 << 24))
