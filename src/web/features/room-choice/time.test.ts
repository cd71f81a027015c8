import { describe, expect, it } from 'vitest';
import { clock, durationWords } from './time';

describe('the room choice’s times', () => {
  it('says a duration in words, seconds under a minute', () => {
    expect(durationWords(45_000)).toBe('45 secondes');
    expect(durationWords(1_500)).toBe('1 seconde');
    expect(durationWords(8 * 60_000 + 59_000)).toBe('8 minutes');
    expect(durationWords((3 * 60 + 12) * 60_000)).toBe('3 heures et 12 minutes');
    expect(durationWords((2 * 1440 + 5 * 60) * 60_000)).toBe('2 jours et 5 heures');
  });
  it('reads a countdown as a clock, never below zero', () => {
    expect(clock(245_000)).toBe('4:05');
    expect(clock(8_200)).toBe('0:09');
    expect(clock(-3_000)).toBe('0:00');
  });
});
