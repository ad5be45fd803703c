"""The one random number generator every game state carries.

SplitMix64 in plain integer arithmetic: the whole state is one 64-bit integer, so it serialises
as a short string, copies for free, and gives the same sequence in CPython and in Pyodide
(32-bit WebAssembly, where `random.Random` internals and hashes are no guarantee).
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _finalise(s):
    """SplitMix64's output function: a bijection of 64-bit values that spreads every bit."""
    s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
    return s ^ (s >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed=0):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("the seed must be an integer")
        # a wider seed (128 random bits for a new game, a deal's key) folds its upper bits in
        # 64 at a time; a seed below 2**64 is the state itself, as it always was
        state = seed & _MASK
        seed = seed >> 64 if seed > 0 else 0
        while seed:
            state = _finalise(state ^ _finalise((seed & _MASK) + _GOLDEN & _MASK))
            seed >>= 64
        self.state = state

    def next_u64(self):
        self.state = s = (self.state + _GOLDEN) & _MASK
        # _finalise(s), written out: this is the hot path of every random playout
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n):
        """A uniform integer in [0, n); rejection keeps it unbiased for any n."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - (1 << 64) % n
        r = self.next_u64()
        while r >= limit:
            r = self.next_u64()
        return r % n

    def random(self):
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def mixed(self, bits):
        """A new generator whose state depends on this one's and on 64 outside `bits` (fresh
        entropy from the browser): the same pair always gives the same generator."""
        mixed = Rng.__new__(Rng)
        mixed.state = _finalise((self.state ^ _finalise((bits + _GOLDEN) & _MASK)) & _MASK)
        return mixed

    def fork(self):
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self):
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone

    def to_json(self):
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, text):
        if not isinstance(text, str) or len(text) != 16:
            raise ValueError("an RNG state is 16 hexadecimal digits")
        rng = cls.__new__(cls)
        rng.state = int(text, 16)
        return rng

    def __eq__(self, other):
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self):
        return hash(self.state)

    def __repr__(self):
        return f"Rng(state=0x{self.state:016x})"
