// Saved conversations' shapes shared by server and chat island (chat.md §3).

/** A turn cut off mid-way never looks like an answer: its status says what happened. */
export type TurnStatus = 'pending' | 'complete' | 'failed' | 'cancelled';
