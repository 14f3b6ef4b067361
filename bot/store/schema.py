"""SQLite's schema as a list of migrations: ``PRAGMA user_version`` is the number applied.

Never edit a migration once released; append a new one. Each runs in its own transaction
together with the ``user_version`` bump, so a crash mid-migration leaves the old version.
PostgreSQL has the same migrations in its own dialect (``bot/store/schema_postgres.py``): a
new migration is written for both, and ``tests/store/test_backends.py`` checks that both
schemas have the same tables, columns and indexes.
"""

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, seats, hands, the append-only action log and the score ledger.
    """
    CREATE TABLE tables (
        id            INTEGER PRIMARY KEY,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,
        thread_id     INTEGER,
        message_id    INTEGER,
        game          TEXT    NOT NULL CHECK (game IN ('qingdun', 'sankou')),
        settings      TEXT    NOT NULL,
        language      TEXT    NOT NULL,
        status        TEXT    NOT NULL CHECK (status IN ('waiting', 'playing', 'ended')),
        creator_id    INTEGER NOT NULL,
        created_at    REAL    NOT NULL,
        ended_at      REAL,
        hand_id       INTEGER REFERENCES hands (id),  -- the latest hand dealt
        hands_done    INTEGER NOT NULL DEFAULT 0,      -- completed (not void) hands
        deadline      REAL,                            -- of the current turn
        reminder_at   REAL,
        reminder_sent INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX tables_live ON tables (channel_id) WHERE status != 'ended';
    CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;

    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        seat     INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
        user_id  INTEGER,           -- NULL: a bot plays this seat
        name     TEXT    NOT NULL,
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;

    CREATE TABLE hands (
        id         INTEGER PRIMARY KEY,
        table_id   INTEGER NOT NULL REFERENCES tables (id),
        number     INTEGER NOT NULL,
        start      TEXT    NOT NULL,  -- the engine's start record (seed, first bidder)
        started_at REAL    NOT NULL,
        ended_at   REAL,
        outcome    TEXT CHECK (outcome IN ('complete', 'void', 'abandoned')),
        result     TEXT,              -- the engine's result record as JSON
        UNIQUE (table_id, number)
    );

    CREATE TABLE actions (
        hand_id   INTEGER NOT NULL REFERENCES hands (id),
        seq       INTEGER NOT NULL,
        action_id TEXT    NOT NULL UNIQUE,
        seat      INTEGER NOT NULL,
        action    TEXT    NOT NULL,
        at        REAL    NOT NULL,
        PRIMARY KEY (hand_id, seq)
    );

    CREATE TABLE ledger (
        hand_id            INTEGER NOT NULL REFERENCES hands (id),
        seat               INTEGER NOT NULL,
        table_id           INTEGER NOT NULL REFERENCES tables (id),
        user_id            INTEGER,   -- NULL for a bot
        name               TEXT    NOT NULL,
        game               TEXT    NOT NULL,
        guild_id           INTEGER NOT NULL,
        delta              INTEGER NOT NULL,
        kind               TEXT    NOT NULL,  -- result kind (清墩) or tier (三扣); 'left' if void
        void               INTEGER NOT NULL,
        won                INTEGER NOT NULL,
        left_hand          INTEGER NOT NULL,
        double_kou_for     INTEGER NOT NULL,
        double_kou_against INTEGER NOT NULL,
        dealer_made        INTEGER NOT NULL,
        dealer_failed      INTEGER NOT NULL,
        at                 REAL    NOT NULL,
        PRIMARY KEY (hand_id, seat)
    );
    CREATE INDEX ledger_board ON ledger (guild_id, game, at, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX ledger_player ON ledger (guild_id, user_id, game);
    CREATE INDEX ledger_table ON ledger (table_id);
    CREATE INDEX hands_table ON hands (table_id, number);
    """,
    # 2: finding a table by its thread or channel after it ended (for its scores)
    """
    CREATE INDEX tables_thread ON tables (thread_id) WHERE thread_id IS NOT NULL;
    CREATE INDEX tables_channel ON tables (channel_id, id);
    """,
    # 3: fairness and hardening (docs/discord.md "Fairness rules", docs/service.md)
    """
    ALTER TABLE tables ADD COLUMN closing INTEGER NOT NULL DEFAULT 0;  -- ends with this hand
    ALTER TABLE tables ADD COLUMN end_vote TEXT;  -- JSON: the open vote on ending mid-hand
    ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;    -- timed out, not back yet
    ALTER TABLE seats ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0;  -- a bot plays it to the end
    ALTER TABLE hands ADD COLUMN seated TEXT;  -- JSON: the user id in each seat at the deal
    CREATE TABLE guild_settings (
        guild_id         INTEGER PRIMARY KEY,
        min_ranked_hands INTEGER NOT NULL  -- completed hands before void-hand bonuses rank
    );
    """,
    # 4: ratings, boards by period, hand summaries for statistics, history by player.
    # Everything here but ``settled_hands`` and ``hand_seats`` is derived from the log and
    # can be rebuilt: ``python -m bot.ratings rebuild DATABASE``.
    """
    CREATE TABLE settled_hands (
        seq      INTEGER PRIMARY KEY,  -- the order hands were settled in: ratings follow it
        hand_id  INTEGER NOT NULL UNIQUE REFERENCES hands (id),
        guild_id INTEGER NOT NULL,
        game     TEXT    NOT NULL,
        at       REAL    NOT NULL
    );
    CREATE TABLE hand_seats (
        hand_id       INTEGER NOT NULL REFERENCES hands (id),
        seat          INTEGER NOT NULL,
        bot_level     TEXT,               -- a bot seat's level; NULL for a person
        first_out     INTEGER NOT NULL,   -- 清墩: went out first (頭家)
        team_points   INTEGER,            -- 清墩: the seat's team's final points
        bid           INTEGER,            -- 三扣: the seat's highest bid
        contract      INTEGER,            -- 三扣: the contract, on the dealer's seat
        throws        INTEGER NOT NULL,   -- 三扣: throws led
        failed_throws INTEGER NOT NULL,
        PRIMARY KEY (hand_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE standings (
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        user_id     INTEGER NOT NULL,  -- 0 for a bot level
        bot_level   TEXT    NOT NULL,  -- '' for a person
        name        TEXT    NOT NULL,  -- the latest name
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        rating      INTEGER NOT NULL,  -- shown: 1000 + 40 (mu - 3 sigma), rounded
        hands       INTEGER NOT NULL,  -- completed hands
        wins        INTEGER NOT NULL,
        points      INTEGER NOT NULL,
        voids       INTEGER NOT NULL,  -- void hands
        void_bonus  INTEGER NOT NULL,  -- their positive deltas (leaving bonuses)
        void_loss   INTEGER NOT NULL,  -- their negative deltas (leaving penalties)
        left_hands  INTEGER NOT NULL,
        last_at     REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id, bot_level)
    ) WITHOUT ROWID;
    CREATE INDEX standings_rating ON standings (guild_id, game, rating);
    CREATE TABLE standing_periods (
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        period      TEXT    NOT NULL CHECK (period IN ('week', 'month')),
        start_day   INTEGER NOT NULL,  -- its first UTC day (at / 86400): a Monday, or the 1st
        user_id     INTEGER NOT NULL,
        hands       INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        points      INTEGER NOT NULL,
        voids       INTEGER NOT NULL,
        void_bonus  INTEGER NOT NULL,
        void_loss   INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, period, start_day, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE rating_steps (
        guild_id  INTEGER NOT NULL,
        game      TEXT    NOT NULL,
        user_id   INTEGER NOT NULL,
        bot_level TEXT    NOT NULL,
        at        REAL    NOT NULL,
        seq       INTEGER NOT NULL REFERENCES settled_hands (seq),
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        rating    INTEGER NOT NULL,  -- shown, after the hand
        before    INTEGER NOT NULL,  -- shown, before it
        PRIMARY KEY (guild_id, game, user_id, bot_level, at, seq)
    ) WITHOUT ROWID;
    CREATE INDEX ledger_recent ON ledger (guild_id, user_id, at);
    INSERT INTO settled_hands (hand_id, guild_id, game, at)
        SELECT h.id, t.guild_id, t.game, h.ended_at FROM hands h JOIN tables t ON t.id = h.table_id
        WHERE h.outcome IN ('complete', 'void') ORDER BY h.ended_at, h.id;
    """,
    # 5: the private hand (issue 12): each player's own card colours; a pending take-back
    """
    CREATE TABLE user_settings (
        user_id     INTEGER PRIMARY KEY,
        four_colour INTEGER NOT NULL DEFAULT 0  -- ♦ blue and ♣ green in the player's pictures
    );
    ALTER TABLE tables ADD COLUMN take_back TEXT;  -- JSON: a request to take back a move
    """,
    # 6: a version per table, bumped by every write to it: two processes can never both
    # write one table from what they read (docs/deploy.md); state the bot keeps for itself.
    """
    ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE bot_state (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 7: boards read the standings (migration 4); the ledger's board index served only the
    # ledger-summing leaderboard that they replaced.
    """
    DROP INDEX ledger_board;
    """,
    # 8: leaving bonuses count toward point totals at most once per leaver, beneficiary and
    # UTC day (docs/ratings.md). The derived rows are dropped: the bot rebuilds them from the
    # log at its first start after the upgrade (``rate_earlier_hands``), as after migration 4.
    """
    ALTER TABLE standings ADD COLUMN bonus_counted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE standing_periods ADD COLUMN bonus_counted INTEGER NOT NULL DEFAULT 0;
    DELETE FROM rating_steps;
    DELETE FROM standing_periods;
    DELETE FROM standings;
    """,
    # 9: "one table per channel per user" in the database, not only in a process's memory:
    # two processes serving one server (a mis-deployment) cannot seat one user at two live
    # tables of a channel. A row per person seated at a live table; gone when the table ends.
    """
    CREATE TABLE channel_seats (
        channel_id INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        table_id   INTEGER NOT NULL REFERENCES tables (id),
        PRIMARY KEY (channel_id, user_id)
    );
    CREATE INDEX channel_seats_table ON channel_seats (table_id);
    INSERT INTO channel_seats (channel_id, user_id, table_id)
        SELECT t.channel_id, s.user_id, MIN(t.id) FROM seats s JOIN tables t ON t.id = s.table_id
        WHERE s.user_id IS NOT NULL AND t.status <> 'ended'
        GROUP BY t.channel_id, s.user_id;
    """,
    # 10: each player's turn pings and language (issue 20); who waits for a seat at a table.
    """
    ALTER TABLE user_settings ADD COLUMN pings TEXT;  -- JSON: when and how turns notify
    ALTER TABLE user_settings ADD COLUMN language TEXT;  -- private answers' language, if set
    ALTER TABLE tables ADD COLUMN queue TEXT;  -- JSON: who joins at the next deal, in order
    """,
)
