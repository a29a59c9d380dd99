"""Who is reading: anyone, one seat, or the admin. Redaction depends on it."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Reader:
    seat: int | None = None
    admin: bool = False

    def sees_seat(self, seat: int) -> bool:
        return self.admin or (self.seat is not None and self.seat == seat)


PUBLIC = Reader()
ADMIN = Reader(admin=True)
