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
    # 4: a version per table, bumped by every write to it: two processes can never both
    # write one table from what they read (docs/deploy.md); state the bot keeps for itself.
    """
    ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE bot_state (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
)
