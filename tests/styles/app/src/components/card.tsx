'use client';
import { useState } from 'react';
import styles from './card.module.css';
export function Card() { const [n, setN] = useState(0); return <button className={styles.card} onClick={() => setN(n + 1)}>clicked {n}</button>; }
