# Crash: min() of an empty sequence raises ValueError when no stone is 2 mod 3.
class Solution:
    def stoneGameIX(self, stones: List[int]) -> bool:
        smallest_two = min(stone for stone in stones if stone % 3 == 2)
        counts = [0, 0, 0]
        for stone in stones:
            counts[stone % 3] += 1
        zeros, ones, twos = counts
        if zeros % 2 == 0:
            return ones >= 1 and twos >= 1 and smallest_two > 0
        return abs(ones - twos) > 2
